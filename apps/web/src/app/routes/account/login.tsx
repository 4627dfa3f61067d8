import { Anchor, Divider, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';
import { LoginForm } from '../../../features/auth/components/login-form';
import { HydrationStep } from '../../../components/layout/hydration-step';
import { config } from '../../../config/env';

export function LoginPage() {
  const navigate = useNavigate();
  return (
    <AuthCard withLogo title="Connexion" description={`Connectez-vous à votre espace ${config.networkName} pour suivre vos dossiers notariaux en ligne.`}>
      <LoginForm onSuccess={(landing) => void navigate(landing, { replace: true })} />
      <HydrationStep>
        <ForgotPasswordForm />
        <Divider />
        <Text size="sm" ta="center">
          Pas encore de compte ?{' '}
          <Anchor component={Link} to="/signup">
            Créer un compte
          </Anchor>
        </Text>
      </HydrationStep>
    </AuthCard>
  );
}
