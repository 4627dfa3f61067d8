import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './signed-tokens';

// jose, a maintained implementation of the same RFCs, stands as the reference both ways.
const SECRET = 'un-secret-de-test-assez-long-pour-hs256-0123456789';
const key = new TextEncoder().encode(SECRET);
const NOW = new Date('2026-11-24T10:00:00Z');
const nowSeconds = NOW.getTime() / 1000;

const joseToken = (header: { alg: string; crit?: string[] } & Record<string, unknown>, claims: Record<string, unknown>) =>
  new SignJWT(claims).setProtectedHeader(header).sign(key);

describe('signed tokens (HS256)', () => {
  it('checks a token jose signed, and jose checks one signed here, claims intact', async () => {
    const fromJose = await new SignJWT({ pwv: 3, mfa: true })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('42')
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + 60)
      .sign(key);
    expect(verifyToken(SECRET, fromJose, { now: NOW })).toEqual({
      ok: true,
      claims: { sub: '42', iat: nowSeconds, exp: nowSeconds + 60, pwv: 3, mfa: true },
    });

    const ours = signToken(SECRET, { sub: '7', aud: 'notadoo-download', iat: nowSeconds, exp: nowSeconds + 60, doc: 5 });
    const { payload } = await jwtVerify(ours, key, { algorithms: ['HS256'], audience: 'notadoo-download', currentDate: NOW });
    expect(payload).toEqual({ sub: '7', aud: 'notadoo-download', iat: nowSeconds, exp: nowSeconds + 60, doc: 5 });
  });

  it('says expired only of a genuine token past its expiry, the second it expires included', () => {
    const token = signToken(SECRET, { sub: '1', iat: nowSeconds - 120, exp: nowSeconds });
    expect(verifyToken(SECRET, token, { now: NOW })).toEqual({ ok: false, reason: 'expired' });
    expect(verifyToken(SECRET, token, { now: new Date(NOW.getTime() - 1000) }).ok).toBe(true);
    expect(verifyToken('une-autre-clé-' + SECRET, token, { now: NOW })).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a changed payload, another key, an unsigned token, and a token without subject or expiry', async () => {
    const token = signToken(SECRET, { sub: '1', iat: nowSeconds, exp: nowSeconds + 60 });
    const [header, , signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: '2', iat: nowSeconds, exp: nowSeconds + 60 })).toString('base64url');
    const unsigned = new UnsecuredJWT({ sub: '1', exp: nowSeconds + 60 }).encode();
    const refused = [
      `${header}.${forgedPayload}.${signature}`,
      unsigned,
      `${unsigned}${signature}`,
      await joseToken({ alg: 'HS256' }, { sub: '1', iat: nowSeconds }),
      await joseToken({ alg: 'HS256' }, { iat: nowSeconds, exp: nowSeconds + 60 }),
      await joseToken({ alg: 'HS384' }, { sub: '1', exp: nowSeconds + 60 }),
      await joseToken({ alg: 'HS256' }, { sub: 1, exp: nowSeconds + 60 }),
      await joseToken({ alg: 'HS256' }, { sub: '1', exp: '9999999999' }),
      await joseToken({ alg: 'HS256' }, { sub: '1', exp: nowSeconds + 60, nbf: nowSeconds + 30 }),
    ];
    for (const forged of refused) expect(verifyToken(SECRET, forged, { now: NOW }), forged).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a header with a critical extension, and characters outside base64url the decoder would skip', async () => {
    const signedPart = `${Buffer.from('{"alg":"HS256","crit":["exp"]}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: '1', exp: nowSeconds + 60 })).toString('base64url')}`;
    const critical = `${signedPart}.${createHmac('sha256', SECRET).update(signedPart).digest('base64url')}`;
    expect(verifyToken(SECRET, critical, { now: NOW })).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyToken(SECRET, critical.replace(/^[^.]+/, Buffer.from('{"alg":"HS256"}').toString('base64url')), { now: NOW }).ok).toBe(
      false,
    );
    const token = signToken(SECRET, { sub: '1', exp: nowSeconds + 60 });
    expect(verifyToken(SECRET, token.replace('.', '.!'), { now: NOW }).ok).toBe(false);
    expect(verifyToken(SECRET, `${token}.`, { now: NOW }).ok).toBe(false);
    expect(verifyToken(SECRET, '', { now: NOW }).ok).toBe(false);
  });

  it('holds a token to the audience asked for', () => {
    const download = signToken(SECRET, { sub: '1', aud: 'notadoo-download', exp: nowSeconds + 60 });
    expect(verifyToken(SECRET, download, { now: NOW, audience: 'notadoo-download' }).ok).toBe(true);
    expect(verifyToken(SECRET, download, { now: NOW, audience: 'notadoo-data-export' }).ok).toBe(false);
    expect(verifyToken(SECRET, signToken(SECRET, { sub: '1', exp: nowSeconds + 60 }), { now: NOW, audience: 'notadoo-download' }).ok).toBe(
      false,
    );
  });
});
