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
    body: body === undefined ? undefined : isJson ? JSON.stringify(body) : (body as FormData),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /api/${path} → ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A session token for an account, signed in through the API (setting up a journey). */
export async function signInToken(baseUrl: string, account: { email: string; password: string }): Promise<string> {
  return (await callApi<{ token: string }>(baseUrl, 'POST', 'users/login', { login: account.email, password: account.password })).token;
}
