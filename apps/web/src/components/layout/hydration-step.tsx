import { Suspense, type ReactNode } from 'react';

/**
 * A part of a page that React takes over on its own when the page was
 * prerendered (hydration): the part around it is made interactive first, then
 * each such part in a later step, the browser getting the hand back in between,
 * instead of one long task over the whole page (issue 11: total blocking time
 * of a first visit). Nothing inside suspends in the browser, so the empty
 * fallback is never shown.
 */
export function HydrationStep({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
