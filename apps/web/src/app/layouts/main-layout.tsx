import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { AppFooter } from '../../components/layout/app-footer';
import { AppHeader } from '../../components/layout/app-header';
import { HydrationStep } from '../../components/layout/hydration-step';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/layout/skip-link';
import { SessionBanners } from '../../features/auth/components/session-banners';

/** Standard layout: header, session banners, page, footer. */
export function MainLayout() {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <AppHeader />
      <SessionBanners />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
        <HydrationStep>
          <Outlet />
        </HydrationStep>
      </Box>
      <HydrationStep>
        <AppFooter />
      </HydrationStep>
    </Box>
  );
}
