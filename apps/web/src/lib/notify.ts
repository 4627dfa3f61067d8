import { notifications } from '@mantine/notifications';

/** Toasts last 5000 ms (spec section 9). */
export const TOAST_DURATION_MS = 5000;

/** Where nothing important lives: the header, its menu and the page titles are at the top. */
export const TOAST_POSITION = 'bottom-right' as const;

export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'teal', autoClose: TOAST_DURATION_MS });
}

export function notifyError(message: string): void {
  notifications.show({ message, color: 'red', autoClose: TOAST_DURATION_MS });
}
