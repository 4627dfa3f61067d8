import { Anchor, Text } from '@mantine/core';
import { PASSWORD_POLICY_MESSAGES, type Session } from '@notadoo/domain';
import { Link } from 'react-router';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { StrongerPasswordForm } from '../../../features/auth/components/stronger-password-form';

/**
 * Issue 27: shown instead of every private page while the server holds the
 * session at the "stronger password" gate; the page asked for shows once the
 * new password is saved (the session is read again and the flag is gone).
 */
export function StrongerPasswordPage({ session }: { session: Session }) {
  return (
    <AuthCard title={PASSWORD_POLICY_MESSAGES.gateTitle}>
      <Text size="sm">{PASSWORD_POLICY_MESSAGES.changeRequired}</Text>
      <StrongerPasswordForm session={session} />
      <Text size="sm" ta="center">
        <Anchor component={Link} to="/logout">
          Me déconnecter
        </Anchor>
      </Text>
    </AuthCard>
  );
}
