import { Anchor, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { SignupForm } from '../../../features/auth/components/signup-form';
import { config } from '../../../config/env';

export function SignupPage() {
  const navigate = useNavigate();
  return (
    <AuthCard
      withLogo
      title="Créer un compte"
      description={`Créez gratuitement votre compte ${config.networkName} et constituez votre dossier de vente ou de succession en ligne avec une étude du réseau.`}
    >
      <SignupForm onSuccess={(landing) => void navigate(landing, { replace: true })} />
      <Text size="sm" ta="center">
        Déjà inscrit(e) ?{' '}
        <Anchor component={Link} to="/login">
          Se connecter
        </Anchor>
      </Text>
    </AuthCard>
  );
}
