// Feed pages as a visitor sees them are the same for every visitor: each is computed once per
// short interval and shared, and visitors asking while it is being computed wait for that one
// computation instead of starting their own. Logged-in viewers never go through here.
import { createHash } from 'node:crypto';

export interface CachedPage {
  /** The answer, serialised once. */
  json: string;
  /** A strong validator of `json`, quoted as the ETag header wants it. */
  etag: string;
}

/** More distinct pages than this (cursors deep in a feed, say) are computed but not kept. */
const MAX_ENTRIES = 1_000;

export interface VisitorFeedCache {
  get(key: string, compute: () => Promise<unknown>): Promise<CachedPage>;
  /** What browsers and shared caches are told: keep the page as long as the server does. */
  readonly cacheControl: string;
}

function cachedPage(page: unknown): CachedPage {
  const json = JSON.stringify(page);
  return { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
}

/** A cache keeping each page `ttlMs`; 0 turns keeping off (every request computes its own). */
export function createVisitorFeedCache(ttlMs: number): VisitorFeedCache {
  const entries = new Map<string, { expires: number; page: Promise<CachedPage> }>();

  const prune = (now: number) => {
    for (const [key, entry] of entries) if (entry.expires <= now) entries.delete(key);
  };

  return {
    cacheControl: ttlMs > 0 ? `public, max-age=${Math.ceil(ttlMs / 1000)}` : 'no-cache',
    get(key, compute) {
      if (ttlMs <= 0) return compute().then(cachedPage);
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.page;
      const page = compute().then(cachedPage);
      if (entries.size >= MAX_ENTRIES) prune(now);
      if (entries.size < MAX_ENTRIES) {
        entries.set(key, { expires: now + ttlMs, page });
        // A failure is answered to those waiting for it, and never kept.
        page.catch(() => {
          if (entries.get(key)?.page === page) entries.delete(key);
        });
      }
      return page;
    },
  };
}
