// Logged-in sessions for the load generator, made through the typed client as a browser would.
import { createApiClient, type ApiClient } from '@quorum/client/api-client';

export interface Session {
  client: ApiClient;
  /** Headers a raw request needs to act as this user: the cookies and the anti-forgery token. */
  headers(): Record<string, string>;
}

/** A client with its own cookie jar against the server at `origin`. */
export function newSession(origin: string): Session {
  const jar = new Map<string, string>();
  let token: string | null = null;
  const cookieFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(input, { ...init, headers });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const separator = pair.indexOf('=');
      if (separator > 0) jar.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    return response;
  };
  const client = createApiClient({ baseUrl: origin, tokenStore: { get: () => token, set: (value) => (token = value) }, fetch: cookieFetch });
  return {
    client,
    headers: () => ({
      cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
      ...(token && { 'x-csrf-token': token }),
    }),
  };
}

/** Logs `username` in and answers the session. */
export async function logIn(origin: string, username: string, password: string): Promise<Session> {
  const session = newSession(origin);
  await session.client.getInitial();
  await session.client.login({ username, password });
  return session;
}
