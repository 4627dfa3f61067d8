import { Anchor, Divider, Text } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { CLIENT_ROUTES } from '@notadoo/domain';
import { setAuthToken } from '../../../lib/auth-token';
import { savePendingSignIn } from '../../../lib/pending-sign-in';
import { readReturnAddress } from '../../../lib/return-address';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';
import { LoginForm } from '../../../features/auth/components/login-form';
import { HydrationStep } from '../../../components/layout/hydration-step';
import { config } from '../../../config/env';
import { PasskeyButton, signInWithPasskey } from '../../../features/second-factor';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // The inviting project first; else the private page that sent the visitor here (a mail's link), else the dashboard.
  const landingFor = (landing: string) => (landing === '/dashboard' ? (readReturnAddress(location.state) ?? landing) : landing);
  return (
    <AuthCard
      withLogo
      title="Connexion"
      description={`Connectez-vous à votre espace ${config.networkName} pour suivre vos dossiers notariaux en ligne.`}
    >
      <LoginForm
        onSuccess={(landing, next) => {
          // Issue 27: the code step, or the setup screen of an office member or admin, before anything else.
          if (next?.secondFactor === 'required') {
            savePendingSignIn({ token: next.token, remember: next.remember, landing: landingFor(landing) });
            void navigate(CLIENT_ROUTES.secondFactorStep, { replace: true });
          } else if (next?.secondFactor === 'setup') {
            setAuthToken(next.token, next.remember);
            void navigate(CLIENT_ROUTES.secondFactorSetup, { replace: true, state: { from: landingFor(landing) } });
          } else void navigate(landingFor(landing), { replace: true });
        }}
        alternative={(isRemembered) => (
          <HydrationStep>
            {/* A passkey alone (the device verifies its user) opens a complete session, remembered if asked. */}
            <PasskeyButton
              label="Se connecter avec une clé d’accès"
              run={() => signInWithPasskey(isRemembered())}
              onToken={(token) => {
                setAuthToken(token, isRemembered());
                void navigate(landingFor('/dashboard'), { replace: true });
              }}
            />
          </HydrationStep>
        )}
      />
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
