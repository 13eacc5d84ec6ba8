// Runs before each UI test file: the browser APIs the app needs that jsdom lacks, IndexedDB, and
// the mocked API. The server listens before the test file imports the app, because the app's API
// client keeps the `fetch` it finds when its module loads.
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeEach } from 'vitest';
import { server } from './server.ts';
import { installWebLocks } from './web-locks.ts';

/** Media queries answered from the window's size (jsdom's 1024 × 768), as a browser would. */
function matchesQuery(query: string): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  if (conditions.length === 0) return false;
  return conditions.every(([, bound, size]) => (bound === 'min' ? window.innerWidth >= Number(size) : window.innerWidth <= Number(size)));
}

window.matchMedia = (query: string): MediaQueryList => {
  const list = new EventTarget() as MediaQueryList;
  return Object.assign(list, {
    media: query,
    matches: matchesQuery(query),
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
  });
};

// Nothing is ever measured or scrolled into view in jsdom: these observers never report.
class SilentIntersectionObserver implements IntersectionObserver {
  readonly root = null;
  readonly rootMargin = '0px';
  readonly scrollMargin = '0px';
  readonly thresholds: readonly number[] = [];
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
}

class SilentResizeObserver implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

globalThis.IntersectionObserver = SilentIntersectionObserver;
globalThis.ResizeObserver = SilentResizeObserver;
// jsdom logs "not implemented" for every scroll the router's scroll restoration asks for.
window.scrollTo = () => {};
// …and has no scrollIntoView at all (a list keeps its highlighted entry in view with it).
Element.prototype.scrollIntoView ??= () => {};

server.listen({ onUnhandledRequest: 'error' });

beforeEach(() => {
  installWebLocks();
});

/** Deletes a database: every test starts with an empty outbox and no saved query cache. */
function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
}

afterEach(async () => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  const databases = await indexedDB.databases();
  await Promise.all(databases.flatMap(({ name }) => (name ? [deleteDatabase(name)] : [])));
});

afterAll(() => {
  server.close();
});
