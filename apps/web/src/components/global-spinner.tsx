import { Box, Loader, VisuallyHidden } from '@mantine/core';
import { useRequestsInFlight } from '../api/requests-in-flight';

/** Shown while any API request is in flight (spec section 7), without blocking the page. */
export function GlobalSpinner() {
  const inFlight = useRequestsInFlight();
  if (inFlight === 0) return null;
  return (
    <Box
      role="status"
      pos="fixed"
      top={8}
      left="50%"
      style={{ transform: 'translateX(-50%)', zIndex: 1000, pointerEvents: 'none' }}
      data-testid="global-spinner"
    >
      <Loader size="sm" type="dots" />
      <VisuallyHidden>Chargement en cours…</VisuallyHidden>
    </Box>
  );
}
