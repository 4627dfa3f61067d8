import { useSearchParams } from 'react-router';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { EmailConfirmation } from '../../../features/auth/components/email-confirmation';

export function EmailConfirmPage() {
  const [searchParams] = useSearchParams();
  return (
    <AuthCard title="Confirmation de votre adresse email">
      <EmailConfirmation email={searchParams.get('email')} token={searchParams.get('token')} />
    </AuthCard>
  );
}
