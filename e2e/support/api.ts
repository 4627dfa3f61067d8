import type { RunningProduct } from './product';

export interface Account {
  email: string;
  password: string;
}

/**
 * The product's API as a client script calls it (setting up a journey, or
 * checking what was stored): JSON (or a form) in, JSON out, an error carrying the answer.
 */
export async function callApi<T>(baseUrl: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  // A FormData body is sent as multipart (uploads); fetch sets its content type.
  const isJson = body !== undefined && !(body instanceof FormData);
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method,
    headers: {
      'X-Requested-With': 'XMLHttpRequest',
      ...(isJson ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : isJson ? JSON.stringify(body) : body,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /api/${path} → ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * A session token for an account, signed in through the API (setting up a journey). Issue 27: an office member or admin
 * sets up TOTP the first time, then gives a code (or the trusted-device cookie the server gave this "device").
 */
export async function signInToken(product: RunningProduct, account: Account, extra: { invitation?: string } = {}): Promise<string> {
  const memory = product.secondFactors;
  const cookie = memory.deviceCookieOf(account.email);
  const response = await fetch(`${product.url}/api/users/login`, {
    method: 'POST',
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify({ login: account.email, password: account.password, ...extra }),
  });
  if (!response.ok) throw new Error(`POST /api/users/login → ${response.status} ${await response.text()}`);
  const { token, secondFactor } = (await response.json()) as { token: string; secondFactor?: 'required' | 'setup' };
  if (secondFactor === undefined) return token;
  if (secondFactor === 'setup') {
    const { secret } = await callApi<{ secret: string }>(product.url, 'POST', 'auth/second-factor/totp/setup', {}, token);
    memory.rememberTotpSecret(account.email, secret);
  }
  const step = await fetch(`${product.url}/api/auth/second-factor/${secondFactor === 'setup' ? 'totp/confirm' : 'verify'}`, {
    method: 'POST',
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ code: await memory.freshTotpCode(account.email) }),
  });
  if (!step.ok) throw new Error(`double authentification → ${step.status} ${await step.text()}`);
  memory.rememberDeviceCookie(account.email, step.headers.get('set-cookie'));
  const done = (await step.json()) as { token: string; backupCodes?: string[] };
  if (done.backupCodes) memory.rememberBackupCodes(account.email, done.backupCodes);
  return done.token;
}

/** The API of one running product, as the journeys' fixture `api` gives it. */
export interface ProductApi {
  call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T>;
  /** A session token, the second factor passed (or set up) when the account asks for it. */
  signIn(account: Account, extra?: { invitation?: string }): Promise<string>;
}

export function productApi(product: RunningProduct): ProductApi {
  return {
    call: (method, path, body, token) => callApi(product.url, method, path, body, token),
    signIn: (account, extra) => signInToken(product, account, extra),
  };
}
