import { Badge, Button, Checkbox, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import {
  ADMIN_MESSAGES,
  EDITABLE_ROLES,
  formatBillingDate,
  HIDDEN_READONLY_ROLES,
  normalizeRoles,
  readUserStatus,
  ROLE_LABELS,
  USER_STATUS_ACTIONS,
  USER_STATUS_LABELS,
  type User,
  type UserRole,
  type UserStatusAction,
} from '@notadoo/domain';
import { notifySuccess, SHORT_TOAST_DURATION_MS } from '../../../lib/notify';
import { useChangeUserRoles, useResetSecondFactor, useToggleUserStatus } from '../api/admin-users';
import { reportAdminError } from './admin-errors';
import { UserOfficeSelect } from './user-office-select';

function StatusSwitches({ user, readOnly }: { user: User; readOnly: boolean }) {
  const toggle = useToggleUserStatus();
  const onToggle = (action: UserStatusAction, data: boolean) =>
    toggle.mutate(
      { id: user.id, action, data },
      { onSuccess: () => notifySuccess(ADMIN_MESSAGES.userToggled, SHORT_TOAST_DURATION_MS), onError: reportAdminError },
    );
  return (
    <Group gap="xs" wrap="wrap">
      {USER_STATUS_ACTIONS.map((action) => (
        <Switch
          key={action}
          size="xs"
          label={USER_STATUS_LABELS[action]}
          aria-label={`${USER_STATUS_LABELS[action]} : ${user.firstName} ${user.lastName}`}
          checked={readUserStatus(user, action)}
          disabled={readOnly || toggle.isPending}
          onChange={(event) => onToggle(action, event.currentTarget.checked)}
        />
      ))}
    </Group>
  );
}

function RoleCheckboxes({ user, readOnly }: { user: User; readOnly: boolean }) {
  const change = useChangeUserRoles();
  if (readOnly) {
    // Shown read-only (one's own row): ROLE_AGENT and ROLE_CASE_MANAGER are hidden (spec section 3).
    const shown = user.roles.filter((r) => !HIDDEN_READONLY_ROLES.includes(r));
    return (
      <Group gap={4}>
        {shown.map((role) => (
          <Badge key={role} variant="light" size="sm">
            {ROLE_LABELS[role]}
          </Badge>
        ))}
      </Group>
    );
  }
  const onChange = (role: UserRole, ticked: boolean) => {
    const roles = normalizeRoles(ticked ? [...user.roles, role] : user.roles.filter((r) => r !== role));
    change.mutate(
      { id: user.id, roles },
      { onSuccess: () => notifySuccess(ADMIN_MESSAGES.rolesChanged, SHORT_TOAST_DURATION_MS), onError: reportAdminError },
    );
  };
  return (
    <Stack gap={2}>
      {EDITABLE_ROLES.map((role) => (
        <Checkbox
          key={role}
          // 24 px: the touch target WCAG 2.2 asks for (2.5.8).
          size="md"
          label={ROLE_LABELS[role]}
          aria-label={`${ROLE_LABELS[role]} : ${user.firstName} ${user.lastName}`}
          checked={user.roles.includes(role)}
          disabled={change.isPending}
          onChange={(event) => onChange(role, event.currentTarget.checked)}
        />
      ))}
    </Stack>
  );
}

/** Issue 27: recovery of a lost phone, for another account only; the account is told by mail. */
function ResetSecondFactorButton({ user }: { user: User }) {
  const reset = useResetSecondFactor();
  const [opened, setOpened] = useState(false);
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <>
      <Button
        variant="subtle"
        size="compact-xs"
        color="red"
        c="red.9"
        mt={4}
        onClick={() => setOpened(true)}
        aria-label={`Réinitialiser la double authentification : ${name}`}
      >
        Réinitialiser la double authentification
      </Button>
      <ConfirmModal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Réinitialiser la double authentification"
        confirmLabel="Réinitialiser"
        confirmColor="red.9"
        loading={reset.isPending}
        onConfirm={() =>
          reset.mutate(
            { id: user.id },
            {
              onSuccess: ({ message }) => {
                setOpened(false);
                notifySuccess(message, SHORT_TOAST_DURATION_MS);
              },
              onError: (error) => {
                setOpened(false);
                reportAdminError(error);
              },
            },
          )
        }
      >
        {`L’application d’authentification, les codes de secours et les clés d’accès de ${name} ne seront plus acceptés ; un mail l’en informe. À utiliser quand la personne a perdu son téléphone ou son appareil.`}
      </ConfirmModal>
    </>
  );
}

export function UserRow({ user, isSelf }: { user: User; isSelf: boolean }) {
  return (
    <Table.Tr data-pending={user.needsRoleChange || undefined} bg={user.needsRoleChange ? 'var(--mantine-color-yellow-light)' : undefined}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {user.lastName} {user.firstName}
          {isSelf && ' (vous)'}
        </Text>
        <Text size="xs" c="dimmed">
          {user.email}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatBillingDate(user.createdAt)}</Text>
      </Table.Td>
      <Table.Td>
        <UserOfficeSelect user={user} />
      </Table.Td>
      <Table.Td>
        <StatusSwitches user={user} readOnly={isSelf} />
        {!isSelf && <ResetSecondFactorButton user={user} />}
      </Table.Td>
      <Table.Td>
        <RoleCheckboxes user={user} readOnly={isSelf} />
      </Table.Td>
    </Table.Tr>
  );
}
