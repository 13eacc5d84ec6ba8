import { createApiClient, type ApiClient, type TokenStore } from '@quorum/client/api-client';
import { CSRF_COOKIE } from '@quorum/shared/http-names';
import { readCookie, readStorage, writeStorage } from './storage.ts';

const CSRF_STORAGE_KEY = 'csrftoken';

/** Keeps the anti-forgery token the server hands out; the cookie is the fallback. */
export const csrfTokenStore: TokenStore = {
  get: () => readStorage(CSRF_STORAGE_KEY) ?? readCookie(CSRF_COOKIE),
  set: (token) => writeStorage(CSRF_STORAGE_KEY, token),
};

let fetchOnServer: typeof fetch | undefined;

/** Where the server, drawing a page for a visitor, sends the page's reads (see entry-server.tsx). */
export function readApiOnServer(fetchApi: typeof fetch): void {
  fetchOnServer = fetchApi;
}

/** The one API client of the page (same origin, under /api). */
export const api: ApiClient = createApiClient({
  tokenStore: csrfTokenStore,
  fetch: (input, init) => (fetchOnServer ?? globalThis.fetch)(input, init),
});
