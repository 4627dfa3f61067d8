import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { ADMIN_MESSAGES } from '@notadoo/domain';
import { IconUserCheck } from '@tabler/icons-react';
import { notifySuccess, SHORT_TOAST_DURATION_MS } from '../../../lib/notify';
import { useAdminUsers, useToggleUserStatus } from '../api/admin-users';
import { reportAdminError } from './admin-errors';

/**
 * Users waiting for intermediary (or notary) rights stand out above the
 * table; one click grants the rights, which also clears the request.
 */
export function PendingRequests() {
  const pending = useAdminUsers({ page: 1, search: '', sort: 'date', order: 'asc', pending: true });
  const toggle = useToggleUserStatus();
  const users = pending.data?.items ?? [];
  if (users.length === 0) return null;
  const total = pending.data?.total ?? users.length;
  const grant = (id: number) =>
    toggle.mutate(
      { id, action: 'pro', data: true },
      { onSuccess: () => notifySuccess(ADMIN_MESSAGES.userToggled, SHORT_TOAST_DURATION_MS), onError: reportAdminError },
    );
  return (
    <Alert color="yellow" icon={<IconUserCheck size={18} aria-hidden />} title={`Demandes de droits en attente (${total})`}>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Demandes de droits en attente">
        {users.map((user) => (
          // On a phone the button goes under the text, and a long address breaks rather than widening the banner.
          <Group key={user.id} component="li" justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" style={{ overflowWrap: 'anywhere', flex: '1 1 16rem', minWidth: 0 }}>
              <strong>
                {user.firstName} {user.lastName}
              </strong>{' '}
              ({user.email}) demande les droits d'intermédiaire immobilier
            </Text>
            <Button
              size="compact-sm"
              onClick={() => grant(user.id)}
              loading={toggle.isPending && toggle.variables?.id === user.id}
              aria-label={`Accorder les droits d'intermédiaire à ${user.firstName} ${user.lastName}`}
            >
              Accorder les droits
            </Button>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
