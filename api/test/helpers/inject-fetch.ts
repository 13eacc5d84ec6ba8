// A `fetch` that answers from the app in memory (`app.inject`) and keeps cookies like a browser,
// so that the typed client of packages/client can drive the API in tests.
import type { FastifyInstance, HTTPMethods } from 'fastify';

export interface Cookie {
  name: string;
  value: string;
  path?: string;
  domain?: string;
  maxAge?: number;
  expires?: Date;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
}

/** One `Set-Cookie` header, read the way a browser does. */
export function parseSetCookie(header: string): Cookie {
  const [pair = '', ...attributes] = header.split(';');
  const split = pair.indexOf('=');
  const cookie: Cookie = { name: pair.slice(0, split).trim(), value: pair.slice(split + 1).trim() };
  for (const attribute of attributes) {
    const [rawKey = '', ...rest] = attribute.split('=');
    const value = rest.join('=').trim();
    const key = rawKey.trim().toLowerCase();
    if (key === 'path') cookie.path = value;
    else if (key === 'domain') cookie.domain = value;
    else if (key === 'max-age') cookie.maxAge = Number(value);
    else if (key === 'expires') cookie.expires = new Date(value);
    else if (key === 'httponly') cookie.httpOnly = true;
    else if (key === 'secure') cookie.secure = true;
    else if (key === 'samesite') cookie.sameSite = value;
  }
  return cookie;
}

/** Statuses whose answers have no body (a Response refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

/** A fetch into `app` from the address `ip`, with a cookie jar of its own. */
export function injectFetch(app: FastifyInstance, ip: string): { fetch: typeof fetch; cookies: Map<string, string> } {
  const cookies = new Map<string, string>();

  async function injected(input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const headers = Object.fromEntries(request.headers);
    if (cookies.size > 0) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const answer = await app.inject({
      method: request.method as HTTPMethods,
      url: url.pathname + url.search,
      headers,
      payload: request.body ? Buffer.from(await request.arrayBuffer()) : undefined,
      remoteAddress: ip,
    });

    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const item of [value ?? []].flat()) responseHeaders.append(name, String(item));
    }
    for (const cookie of responseHeaders.getSetCookie().map(parseSetCookie)) {
      if (cookie.maxAge === 0 || cookie.value === '') cookies.delete(cookie.name);
      else cookies.set(cookie.name, cookie.value);
    }
    return new Response(NO_BODY.has(answer.statusCode) ? null : answer.rawPayload, { status: answer.statusCode, headers: responseHeaders });
  }

  return { fetch: injected, cookies };
}
