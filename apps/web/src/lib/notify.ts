import type { NotificationData } from '@mantine/notifications';
import { useSyncExternalStore } from 'react';

/** Toasts last 5000 ms (spec section 9). */
export const TOAST_DURATION_MS = 5000;
/** The shorter toasts of some profile and generic messages (spec section 9; docs/decisions.md lists which). */
export const SHORT_TOAST_DURATION_MS = 3000;

/** Where nothing important lives: the header, its menu and the page titles are at the top. */
export const TOAST_POSITION = 'bottom-right' as const;

let toastAsked = false;
const toastListeners = new Set<() => void>();

function subscribeToFirstToast(listener: () => void) {
  toastListeners.add(listener);
  return () => {
    toastListeners.delete(listener);
  };
}

/** Whether this page has asked for a toast yet: the toasts' container (app/provider.tsx) is mounted from then on. */
export function useToastAsked(): boolean {
  return useSyncExternalStore(
    subscribeToFirstToast,
    () => toastAsked,
    () => false,
  );
}

/**
 * The toasts' code is fetched with the first toast, their container with it,
 * not with the first page, which shows none. Toasts keep their order: each
 * waits for the same import, and the store holds them until the container is there.
 */
function showToast(toast: NotificationData): void {
  if (!toastAsked) {
    toastAsked = true;
    for (const listener of toastListeners) listener();
  }
  void import('@mantine/notifications').then(({ notifications }) => notifications.show(toast));
}

export function notifySuccess(message: string, durationMs: number = TOAST_DURATION_MS): void {
  showToast({ message, color: 'teal', autoClose: durationMs });
}

export function notifyError(message: string, durationMs: number = TOAST_DURATION_MS): void {
  showToast({ message, color: 'red', autoClose: durationMs });
}
