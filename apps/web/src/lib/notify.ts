import { notifications } from '@mantine/notifications';

/** Toasts last 5000 ms (spec section 9). */
export const TOAST_DURATION_MS = 5000;
/** The shorter toasts of some profile and generic messages (spec section 9; docs/decisions.md lists which). */
export const SHORT_TOAST_DURATION_MS = 3000;

/** Where nothing important lives: the header, its menu and the page titles are at the top. */
export const TOAST_POSITION = 'bottom-right' as const;

export function notifySuccess(message: string, durationMs: number = TOAST_DURATION_MS): void {
  notifications.show({ message, color: 'teal', autoClose: durationMs });
}

export function notifyError(message: string, durationMs: number = TOAST_DURATION_MS): void {
  notifications.show({ message, color: 'red', autoClose: durationMs });
}
