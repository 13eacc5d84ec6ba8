import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/** Server paths that a navigation must reach instead of getting the app shell. */
const NAVIGATION_DENYLIST = [/^\/api\//, /^\/images\//];

/**
 * Precaches the build (the list is injected at build time) and answers every page navigation
 * with the precached shell, so the app opens without a network. Navigation preload stays off:
 * no navigation waits for the network, so a preloaded answer would only be thrown away.
 */
export function setUpPrecache(manifest: Array<PrecacheEntry | string>): void {
  precacheAndRoute(manifest);
  cleanupOutdatedCaches();
  registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NAVIGATION_DENYLIST }));
}
