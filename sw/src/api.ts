// The worker calls the API through the app's one client (packages/client). A worker has neither
// the page's localStorage nor document.cookie, so it keeps the anti-forgery token in memory and
// loads it before each write: from the readable cookie, or else from the lightest API answer.
import { createApiClient, type ApiClient } from '@quorum/client/api-client';
import { CSRF_COOKIE } from '@quorum/shared/http-names';

export interface WorkerApi {
  api: ApiClient;
  /** Loads the session's current anti-forgery token for a write; false when there is none. */
  loadToken(): Promise<boolean>;
}

/** A cookie of the worker's origin, where the browser offers the Cookie Store API to workers. */
async function readCookie(scope: ServiceWorkerGlobalScope, name: string): Promise<string | null> {
  const store = (scope as { cookieStore?: CookieStore }).cookieStore;
  if (!store) return null;
  const cookie = await store.get(name).catch(() => null);
  return cookie?.value ?? null;
}

export function createWorkerApi(scope: ServiceWorkerGlobalScope): WorkerApi {
  let token: string | null = null;
  const api = createApiClient({
    tokenStore: {
      get: () => token,
      set: (value) => {
        token = value;
      },
    },
    // Looked up on every call rather than bound once, so that a test can record the worker's calls.
    fetch: (input, init) => scope.fetch(input, init),
  });
  return {
    api,
    // Loaded afresh for every write: a login or logout in a page changes the session (and its
    // token) while the worker lives on.
    async loadToken() {
      token = (await readCookie(scope, CSRF_COOKIE)) ?? (await api.refreshToken());
      return token !== null;
    },
  };
}
