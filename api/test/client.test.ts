// The typed client of packages/client against the real server over HTTP.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type TokenStore } from '@quorum/client/api-client';
import { ApiError, genericErrorMessage } from '@quorum/client/api-error';
import { buildTestApp, uniqueName, type TestApp } from './helpers/app.ts';

let t: TestApp;
let origin: string;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** A client with a cookie jar, as a browser tab would have. */
function browserClient() {
  const jar = new Map<string, string>();
  let token: string | null = null;
  const tokenStore: TokenStore = { get: () => token, set: (value) => (token = value) };
  const cookieFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(input, { ...init, headers });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, value] = (pair ?? '').split('=');
      if (name && value !== undefined) jar.set(name, value);
    }
    return response;
  };
  return { client: createApiClient({ baseUrl: origin, tokenStore, fetch: cookieFetch }), tokenStore };
}

describe('packages/client', () => {
  it('signs up, reads the user, logs out and in again', async () => {
    const { client, tokenStore } = browserClient();
    const initial = await client.getInitial();
    expect(initial.user).toBeNull();
    expect(tokenStore.get()).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const username = uniqueName('client');
    expect(await client.isUsernameFree(username)).toBe(true);
    const user = await client.signup({ username, password: 'password1', email: '' });
    expect(user.username).toBe(username);
    expect(await client.isUsernameFree(username)).toBe(false);
    expect((await client.getCurrentUser()).username).toBe(username);

    await client.logout();
    await expect(client.getCurrentUser()).rejects.toMatchObject({ status: 401, code: 'not_logged_in' });
    const again = await client.login({ username, password: 'password1' });
    expect(again).toMatchObject({ username });
    expect((await client.getInitial()).user?.username).toBe(username);
  });

  it('throws ApiError carrying the status, code and message of the JSON body', async () => {
    const { client } = browserClient();
    await client.getInitial();
    const error = await client.login({ username: 'nobody_at_all', password: 'wrong password' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'wrong_credentials', message: 'Username and password do not match.' });
    expect(genericErrorMessage(error)).toBe('Something went wrong.');
  });

  it('sends a raw call as given, answers any status without throwing and keeps the new token', async () => {
    const { client, tokenStore } = browserClient();
    await client.getInitial();
    const refused = await client.fetchRaw('/api/_login', { method: 'POST', body: '{}', contentType: 'application/json', csrf: false });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ status: 403, code: 'csrf_token_invalid' });
    const malformed = await client.fetchRaw('/api/_login', { method: 'POST', body: '{"username": "', contentType: 'application/json' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ status: 400, code: 'invalid_json' });

    const before = tokenStore.get();
    const loggedOut = await client.fetchRaw('/api/_login', { method: 'POST', query: { action: 'logout' } });
    expect(loggedOut.status).toBe(200);
    expect(tokenStore.get()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokenStore.get()).not.toBe(before);
  });

  it('turns a network failure into status 0 and the offline message', async () => {
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:1', tokenStore: { get: () => null, set: () => {} } });
    const error = await client.getInitial().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, isNetworkError: true });
    expect(genericErrorMessage(error)).toBe("Make sure you're connected to the internet");
    expect(genericErrorMessage(new ApiError(429, null))).toBe('Whoah, slow down there!');
  });
});
