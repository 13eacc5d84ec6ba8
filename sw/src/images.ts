import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';

export const IMAGE_CACHE = 'quorum-images';

/** Keeps only complete answers: no redirects, errors or opaque cross-origin responses. */
const onlyOk: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
};

/**
 * Uploaded images never change under the same URL (a new upload gets a new id), so they are
 * served from the cache first, within a bounded number of entries and age.
 */
export function setUpImageCache(origin: string): void {
  registerRoute(
    ({ request, url }) => request.destination === 'image' && url.origin === origin && url.pathname.startsWith('/images/'),
    new CacheFirst({
      cacheName: IMAGE_CACHE,
      plugins: [
        onlyOk,
        new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
      ],
    }),
  );
}
