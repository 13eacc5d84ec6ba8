import {
  SHARE_CACHE, SHARED_CONTENT_KEY, SHARED_QUERY_PARAM, sharedDraft, type SharedContent, type SharedDraft,
} from '@quorum/shared/share-target';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Takes what was shared to the installed app out of Cache Storage (see the worker's share target). */
async function takeSharedContent(): Promise<{ draft: SharedDraft; files: File[] } | null> {
  if (!('caches' in window)) return null;
  const cache = await caches.open(SHARE_CACHE);
  const stored = await cache.match(SHARED_CONTENT_KEY);
  if (!stored) return null;
  const content = (await stored.json()) as SharedContent;
  const files = await Promise.all(
    content.files.map(async ({ key, name, type }) => {
      const blob = await (await cache.match(key))?.blob();
      return blob ? new File([blob], name, { type }) : null;
    }),
  );
  await caches.delete(SHARE_CACHE);
  const found = files.filter((file): file is File => file !== null);
  return { draft: sharedDraft({ ...content, fileCount: found.length }), files: found };
}

/**
 * New post opened by a share (`?shared=1`): drops the parameter at once (before anything is typed,
 * so that the leave confirmation has nothing to guard), then hands the shared title, text, link and
 * images to `fill` once. The share is taken out of storage, so a reload starts a blank post.
 */
export function useSharedContent(enabled: boolean, fill: (draft: SharedDraft, files: File[]) => void): void {
  const [params, setParams] = useSearchParams();
  const shared = enabled && params.has(SHARED_QUERY_PARAM);
  const taken = useRef(false);
  const fillRef = useRef(fill);
  useEffect(() => {
    fillRef.current = fill;
  });

  useEffect(() => {
    if (!shared || taken.current) return;
    taken.current = true;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SHARED_QUERY_PARAM);
        return next;
      },
      { replace: true },
    );
    takeSharedContent()
      .then((content) => {
        if (content) fillRef.current(content.draft, content.files);
      })
      .catch((error: unknown) => console.warn('The shared content could not be read', error));
  }, [shared, setParams]);
}
