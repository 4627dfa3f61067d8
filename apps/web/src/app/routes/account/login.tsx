import { Anchor, Divider, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';
import { LoginForm } from '../../../features/auth/components/login-form';

export function LoginPage() {
  const navigate = useNavigate();
  return (
    <AuthCard withLogo title="Connexion">
      <LoginForm onSuccess={(landing) => void navigate(landing, { replace: true })} />
      <ForgotPasswordForm />
      <Divider />
      <Text size="sm" ta="center">
        Pas encore de compte ?{' '}
        <Anchor component={Link} to="/signup">
          Créer un compte
        </Anchor>
      </Text>
    </AuthCard>
  );
}
