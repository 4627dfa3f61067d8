import { Container, Tabs, Title } from '@mantine/core';
import type { Session } from '@notadoo/domain';
import { IconMailExclamation, IconReceipt, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { BillingTab } from './billing-tab';
import { UsersTab } from './users-tab';

const OTHER_TABS = ['billing', 'mails'] as const;

/**
 * /admin: tab Users and tab Billing (spec section 2), and the mails the
 * outbox could not send (`mailsPanel`, composed by the route since features
 * do not import each other). The tab is kept in the address (?tab=billing).
 */
export function AdminScreen({ session, mailsPanel }: { session: Session; mailsPanel: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const tab = OTHER_TABS.find((name) => name === params.get('tab')) ?? 'users';
  return (
    <Container size="xl" py="lg">
      <Title order={1} mb="md">
        Administration
      </Title>
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'users' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="users" leftSection={<IconUsers size={16} aria-hidden />}>
            Utilisateurs
          </Tabs.Tab>
          <Tabs.Tab value="billing" leftSection={<IconReceipt size={16} aria-hidden />}>
            Facturation
          </Tabs.Tab>
          <Tabs.Tab value="mails" leftSection={<IconMailExclamation size={16} aria-hidden />}>
            Mails en échec
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users">
          <UsersTab session={session} />
        </Tabs.Panel>
        <Tabs.Panel value="billing">
          <BillingTab />
        </Tabs.Panel>
        <Tabs.Panel value="mails">{mailsPanel}</Tabs.Panel>
      </Tabs>
    </Container>
  );
}
