import { ADMIN_MESSAGES } from '@notadoo/domain';
import { readApiError } from '../../../api/api-error';
import { notifyError } from '../../../lib/notify';

/** Spec section 8: 401 on one's own statuses carries its message, as do refusals of an input (400, 409); anything else is the generic admin error. */
export function reportAdminError(error: unknown) {
  const { status, message } = readApiError(error, ADMIN_MESSAGES.adminOperationFailed);
  notifyError(status === 401 || status === 400 || status === 409 ? message : ADMIN_MESSAGES.adminOperationFailed);
}
