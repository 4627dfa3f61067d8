import { describe, expect, it } from 'vitest';
import {
  formatBackupCode,
  isRecentAuthentication,
  mustUseSecondFactor,
  RECENT_AUTHENTICATION_MS,
  secondFactorCodeSchema,
} from './second-factor-rules';

describe('second factor rules (issue 27)', () => {
  it('makes it mandatory for office members and admins only', () => {
    expect(mustUseSecondFactor({ roles: ['ROLE_USER'], isNotary: false, notary_office: null })).toBe(false);
    expect(mustUseSecondFactor({ roles: ['ROLE_USER'], isNotary: false, notary_office: { id: 3 } })).toBe(true);
    expect(mustUseSecondFactor({ roles: ['ROLE_USER'], isNotary: true, notary_office: null })).toBe(true);
    expect(mustUseSecondFactor({ roles: ['ROLE_USER', 'ROLE_ADMIN'], isNotary: false, notary_office: null })).toBe(true);
    expect(mustUseSecondFactor({ roles: ['ROLE_USER', 'ROLE_AGENT'], isNotary: false, notary_office: null })).toBe(false);
  });

  it('counts a check as recent for 5 minutes, not before it happened nor without one', () => {
    const now = 1_800_000_000_000;
    expect(isRecentAuthentication(now - RECENT_AUTHENTICATION_MS, now)).toBe(true);
    expect(isRecentAuthentication(now - RECENT_AUTHENTICATION_MS - 1, now)).toBe(false);
    expect(isRecentAuthentication(now + 10 * 60_000, now)).toBe(false);
    expect(isRecentAuthentication(null, now)).toBe(false);
  });

  it('reads a TOTP code or a backup code as people type them', () => {
    expect(secondFactorCodeSchema.parse({ code: ' 123 456 ' })).toEqual({ kind: 'totp', code: '123456' });
    expect(secondFactorCodeSchema.parse({ code: 'abcde-fghjk' })).toEqual({ kind: 'backup', code: 'ABCDEFGHJK' });
    for (const code of ['12345', '1234567', 'ABC', 'ABCDE-FGHJ0', '']) {
      const result = secondFactorCodeSchema.safeParse({ code });
      expect(result.success, code).toBe(false);
      expect(result.error?.issues[0]?.message, code).toMatch(/code/i);
    }
    expect(formatBackupCode('ABCDEFGHJK')).toBe('ABCDE-FGHJK');
  });
});
