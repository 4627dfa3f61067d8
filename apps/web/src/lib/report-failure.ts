import { MESSAGES } from '@notadoo/domain';
import { readApiError } from '../api/api-error';
import { notifyError } from './notify';

/**
 * Toasts a failed call: the server's own message for the statuses whose
 * message tells the user what to fix (e.g. 401 of addperson, spec section 8),
 * "Une erreur est survenue." for anything else.
 */
export function reportFailure(error: unknown, statusesWithMessage: readonly number[] = []): void {
  const { status, message } = readApiError(error);
  notifyError(status !== null && statusesWithMessage.includes(status) ? message : MESSAGES.operationFailed);
}
