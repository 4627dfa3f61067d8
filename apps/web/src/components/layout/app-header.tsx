import { Box, Button, Container, Group, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../api/get-session';
import { Logo } from './logo';

// The menu (and the floating-ui code behind it) only matters once signed in:
// a visitor's first page does not download it.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu')).UserMenu }));

const avatarPlaceholder = <Skeleton circle height={32} aria-hidden />;

/** On the dashboard itself, the shortcut leads to the profile instead (spec section 2, header variants). */
function ShortcutLink() {
  const { pathname } = useLocation();
  const onDashboard = pathname === '/dashboard';
  return (
    <Button component={Link} to={onDashboard ? '/profile' : '/dashboard'} variant="subtle">
      {onDashboard ? 'Mon profil' : 'Mes dossiers'}
    </Button>
  );
}

function SignedInNavigation() {
  const { session } = useSession();
  return (
    <>
      <ShortcutLink />
      {session ? (
        <Suspense fallback={avatarPlaceholder}>
          <UserMenu session={session} />
        </Suspense>
      ) : (
        avatarPlaceholder
      )}
    </>
  );
}

function VisitorNavigation() {
  return (
    <>
      <Button component={Link} to="/login" variant="subtle">
        Se connecter
      </Button>
      <Button component={Link} to="/signup">
        Créer un compte
      </Button>
    </>
  );
}

export function AppHeader() {
  const { isSignedIn } = useSession();
  return (
    <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Logo />
          <Group component="nav" aria-label="Navigation principale" gap="xs" wrap="nowrap">
            {isSignedIn ? <SignedInNavigation /> : <VisitorNavigation />}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
