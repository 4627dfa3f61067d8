import { describe, expect, it } from 'vitest';
import { planEmailChange } from './email-change';

const client = { roles: ['ROLE_USER'] };
const admin = { roles: ['ROLE_USER', 'ROLE_ADMIN'] };

describe('planning an e-mail change', () => {
  it('asks a free address to confirm itself, whoever asks', () => {
    expect(planEmailChange(client, false)).toBe('confirmNewAddress');
    expect(planEmailChange(admin, false)).toBe('confirmNewAddress');
  });

  it('never tells a non-admin that an address has an account: its owner is warned instead', () => {
    expect(planEmailChange(client, true)).toBe('warnAddressOwner');
    expect(planEmailChange({ roles: ['ROLE_USER', 'ROLE_AGENT', 'ROLE_CASE_MANAGER'] }, true)).toBe('warnAddressOwner');
  });

  it('tells an admin, who lists every account anyway, that the address is taken', () => {
    expect(planEmailChange(admin, true)).toBe('refuseAsTaken');
  });
});
