// Logged-in sessions for the load generator, made through the typed client as a browser would.
import { createApiClient, type ApiClient } from '@quorum/client/api-client';
import { CSRF_REQUEST_HEADER } from '@quorum/shared/http-names';

export interface Session {
  client: ApiClient;
  /** Headers a raw request needs to act as this user: the cookies and the anti-forgery token. */
  headers(): Record<string, string>;
  /** Waits until the cookies set to last a few seconds (Max-Age) have gone, as a browser drops them. */
  settle(): Promise<void>;
}

/** A client with its own cookie jar against the server at `origin`. */
export function newSession(origin: string): Session {
  const jar = new Map<string, { value: string; expires: number }>();
  let token: string | null = null;
  const cookieHeader = () => {
    const now = Date.now();
    return [...jar].filter(([, cookie]) => cookie.expires > now).map(([name, cookie]) => `${name}=${cookie.value}`).join('; ');
  };
  const cookieFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (jar.size) headers.set('cookie', cookieHeader());
    const response = await fetch(input, { ...init, headers });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const separator = pair.indexOf('=');
      const maxAge = attributes.map((attribute) => /^\s*max-age=(\d+)/i.exec(attribute)?.[1]).find(Boolean);
      const expires = maxAge === undefined ? Infinity : Date.now() + Number(maxAge) * 1000;
      if (separator > 0) jar.set(pair.slice(0, separator), { value: pair.slice(separator + 1), expires });
    }
    return response;
  };
  const client = createApiClient({ baseUrl: origin, tokenStore: { get: () => token, set: (value) => (token = value) }, fetch: cookieFetch });
  return {
    client,
    headers: () => ({
      cookie: cookieHeader(),
      ...(token && { [CSRF_REQUEST_HEADER]: token }),
    }),
    settle: async () => {
      const soon = [...jar.values()].map((cookie) => cookie.expires).filter((expires) => expires < Date.now() + 60_000);
      const last = Math.max(0, ...soon);
      if (last > Date.now()) await new Promise((resolve) => setTimeout(resolve, last - Date.now()));
    },
  };
}

/** Logs `username` in and answers the session. */
export async function logIn(origin: string, username: string, password: string): Promise<Session> {
  const session = newSession(origin);
  await session.client.getInitial();
  await session.client.login({ username, password });
  return session;
}
