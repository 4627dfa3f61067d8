import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_COOKIE, getAuthToken, REMEMBER_ME_DAYS, replaceAuthToken } from './auth-token';

/** A token shaped like the server's (only its payload is read by the browser). */
function token(lifetimeSeconds: number): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const iat = 1_790_000_000;
  return `${encode({ alg: 'HS256' })}.${encode({ sub: '7', pwv: 2, iat, exp: iat + lifetimeSeconds })}.signature`;
}

describe('the token given after a password change', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the 30-day cookie of a remember-me session', () => {
    const set = vi.spyOn(Cookies, 'set');
    const remembered = token(30 * 24 * 3600);
    replaceAuthToken(remembered);
    expect(getAuthToken()).toBe(remembered);
    expect(set).toHaveBeenCalledWith(AUTH_COOKIE, remembered, expect.objectContaining({ expires: REMEMBER_ME_DAYS }));
  });

  it('stays a session cookie for a plain session, or a token it cannot read', () => {
    const set = vi.spyOn(Cookies, 'set');
    for (const value of [token(12 * 3600), 'pas-un-jeton']) {
      replaceAuthToken(value);
      expect(getAuthToken()).toBe(value);
      expect(set.mock.lastCall?.[2]).not.toHaveProperty('expires');
    }
  });
});
