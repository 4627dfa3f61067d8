import { PageTitle } from '../../../components/page-title';
import { WithSession } from '../../../components/with-session';
import { ProfileScreen } from '../../../features/profile';
import { SecuritySection } from '../../../features/second-factor';

/** Loaded on demand (React.lazy in the router). */
export default function ProfilePage() {
  return (
    <>
      <PageTitle title="Mon profil" />
      <WithSession>{(session) => <ProfileScreen session={session} security={<SecuritySection />} />}</WithSession>
    </>
  );
}
