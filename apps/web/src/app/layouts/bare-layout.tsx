import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { HydrationStep } from '../../components/layout/hydration-step';

/** Login and signup show no header or footer (spec section 2). */
export function BareLayout() {
  return (
    <Box component="main" mih="100vh" bg="gray.0">
      <HydrationStep>
        <Outlet />
      </HydrationStep>
    </Box>
  );
}
