import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { GlobalSpinner } from '../components/global-spinner';
import { TOAST_DURATION_MS, TOAST_POSITION, useToastAsked } from '../lib/notify';
import { createQueryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

// The toasts' container loads with the first toast (the first page shows none, lib/notify.ts).
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client to start from an empty cache. */
  queryClient?: QueryClient;
  /** 'test' turns off Mantine transitions and portals, so jsdom sees menus and toasts at once. */
  env?: 'default' | 'test';
}

export function AppProvider({ children, queryClient, env = 'default' }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const toastAsked = useToastAsked();
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <QueryClientProvider client={client}>
        {/* At the bottom: toasts never cover the header, the user menu, "Nouveau dossier" or a page title. */}
        {toastAsked && (
          <Suspense fallback={null}>
            <Notifications position={TOAST_POSITION} autoClose={TOAST_DURATION_MS} />
          </Suspense>
        )}
        <GlobalSpinner />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
