import { isAdmin, type RoleHolder } from './roles';

/**
 * What asking for a new e-mail address does (`PATCH /users/{id}`):
 * - `confirmNewAddress`: the address is free; it waits as the pending
 *   e-mail until confirmed through the link mailed to it (issue 9);
 * - `warnAddressOwner`: another account has it, and the editor must not
 *   learn that: the answer, the pending e-mail, the notice to the old
 *   address and the end of the other sessions are those of a free address,
 *   but no link is mailed, and the owner of the address is told instead;
 * - `refuseAsTaken`: another account has it, and the editor is an admin,
 *   who lists every account anyway: told plainly (409), nothing changes.
 */
export type EmailChangePlan = 'confirmNewAddress' | 'warnAddressOwner' | 'refuseAsTaken';

export function planEmailChange(editor: RoleHolder, addressHasAnotherAccount: boolean): EmailChangePlan {
  if (!addressHasAnotherAccount) return 'confirmNewAddress';
  return isAdmin(editor) ? 'refuseAsTaken' : 'warnAddressOwner';
}
