import { PageTitle } from '../../../components/page-title';
import { WithSession } from '../../../components/with-session';
import { AdminScreen } from '../../../features/admin';
import { FailedMails } from '../../../features/mail-outbox';

/** Loaded on demand (React.lazy in the router): visitors and clients never download it. */
export default function AdminPage() {
  return (
    <>
      <PageTitle title="Administration" />
      <WithSession>{(session) => <AdminScreen session={session} mailsPanel={<FailedMails />} />}</WithSession>
    </>
  );
}
