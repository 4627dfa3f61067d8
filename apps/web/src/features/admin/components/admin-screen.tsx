import { Container, Tabs, Title } from '@mantine/core';
import type { Session } from '@notadoo/domain';
import { IconReceipt, IconUsers } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { BillingTab } from './billing-tab';
import { UsersTab } from './users-tab';

/** /admin: tab Users and tab Billing (spec section 2). The tab is kept in the address (?tab=billing). */
export function AdminScreen({ session }: { session: Session }) {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'billing' ? 'billing' : 'users';
  return (
    <Container size="xl" py="lg">
      <Title order={1} mb="md">
        Administration
      </Title>
      <Tabs value={tab} onChange={(value) => setParams(value === 'billing' ? { tab: 'billing' } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="users" leftSection={<IconUsers size={16} aria-hidden />}>
            Utilisateurs
          </Tabs.Tab>
          <Tabs.Tab value="billing" leftSection={<IconReceipt size={16} aria-hidden />}>
            Facturation
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users">
          <UsersTab session={session} />
        </Tabs.Panel>
        <Tabs.Panel value="billing">
          <BillingTab />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
