import { Anchor, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { SignupForm } from '../../../features/auth/components/signup-form';

export function SignupPage() {
  const navigate = useNavigate();
  return (
    <AuthCard withLogo title="Créer un compte">
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
