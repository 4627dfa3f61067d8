import { Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { canSeeIntranet, isAdmin, type Session } from '@notadoo/domain';
import {
  IconChevronDown,
  IconExternalLink,
  IconFiles,
  IconLayoutDashboard,
  IconLogout,
  IconShieldLock,
  IconUser,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { config } from '../../config/env';
import { formatDateTime } from '../../lib/format-date';
import { InitialsAvatar } from '../initials-avatar';

export function fullNameOf(session: Pick<Session, 'firstName' | 'lastName' | 'email'>): string {
  return `${session.firstName} ${session.lastName}`.trim() || session.email;
}

export function avatarUrl(avatar: string | null): string | null {
  return avatar ? `${config.avatarsBase}/${encodeURIComponent(avatar)}` : null;
}

/** The date shown is the connection before this one, so the user can spot a sign-in that was not theirs. */
function lastConnectionLabel(session: Session): string | null {
  const date = formatDateTime(session.previousConnectionDate ?? session.lastConnectionDate);
  return date ? `Dernière connexion : ${date}` : null;
}

export function UserMenu({ session }: { session: Session }) {
  const fullName = fullNameOf(session);
  const lastConnection = lastConnectionLabel(session);
  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Menu utilisateur de ${fullName}`} p={4} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Group gap="xs" wrap="nowrap">
            <InitialsAvatar src={avatarUrl(session.avatar)} name={fullName} size={32} />
            <Text size="sm" fw={500} visibleFrom="sm" truncate maw={180}>
              {fullName}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark" truncate>
            {fullName}
          </Text>
          {lastConnection && <Text size="xs">{lastConnection}</Text>}
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/dashboard" leftSection={<IconLayoutDashboard size={16} aria-hidden />}>
          Tableau de bord
        </Menu.Item>
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} aria-hidden />}>
          Mon profil
        </Menu.Item>
        <Menu.Item component={Link} to="/mydocuments" leftSection={<IconFiles size={16} aria-hidden />}>
          Mes documents
        </Menu.Item>
        {canSeeIntranet(session) && (
          <Menu.Item
            component="a"
            href={config.intranetUrl}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconExternalLink size={16} aria-hidden />}
          >
            Intranet
            <VisuallyHidden> (nouvel onglet)</VisuallyHidden>
          </Menu.Item>
        )}
        {isAdmin(session) && (
          <Menu.Item component={Link} to="/admin" leftSection={<IconShieldLock size={16} aria-hidden />}>
            Admin
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item component={Link} to="/logout" color="red" leftSection={<IconLogout size={16} aria-hidden />}>
          Se déconnecter
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
