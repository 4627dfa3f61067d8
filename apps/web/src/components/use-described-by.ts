import { useLayoutEffect, useRef } from 'react';

/**
 * Mantine's PasswordInput sets its input's aria-describedby from its own
 * description and error only, dropping the one it is given: a screen reader
 * never heard the password rules. This ref adds `id` (the rules, their live
 * reason, the strength) after every render, beside Mantine's own ids.
 */
export function useDescribedBy<T extends HTMLElement>(id: string) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const ids = (element.getAttribute('aria-describedby') ?? '').split(' ').filter((one) => one !== '' && one !== id);
    element.setAttribute('aria-describedby', [...ids, id].join(' '));
  });
  return ref;
}
