import { useCallback, useEffect, useRef } from 'react';
import { useSessionUser } from '../session/get-initial.ts';
import type { DraftPlace } from './drafts-db.ts';
import { dropSyncedDraft, readSyncedDraft, writeSyncedDraft } from './synced.ts';

/** How long typing may pause before the draft is kept. */
const SAVE_DELAY_MS = 400;

export interface DraftControls<T> {
  /** Keeps `value` as the draft, a moment after typing pauses (an empty one drops it). */
  save: (value: T) => void;
  /** Drops the draft: it was sent or thrown away. */
  clear: () => void;
}

/**
 * The draft of the form written at `place` for the logged-in user, on this device and their others
 * (see synced.ts): `restore` gets what was kept once it is read, and the controls keep it as it is
 * typed; `isEmpty` tells a value not worth keeping. Both are stable functions. No place, or no
 * user, keeps nothing.
 */
export function useDraft<T>(place: DraftPlace | undefined, restore: (value: T) => void, isEmpty: (value: T) => boolean): DraftControls<T> {
  const userId = useSessionUser()?.id ?? null;
  const key = place?.key;
  const label = place?.label ?? '';
  const href = place?.href ?? '';
  const timer = useRef<number | undefined>(undefined);
  const pending = useRef<{ value: T } | null>(null);

  useEffect(() => {
    if (!key || !userId) return;
    let cancelled = false;
    readSyncedDraft<T>(userId, key)
      .then((draft) => {
        if (!cancelled && draft && !isEmpty(draft.value)) restore(draft.value);
      })
      .catch(() => {
        // Without storage (a private window may refuse it) the form simply starts empty.
      });
    return () => {
      cancelled = true;
    };
  }, [key, userId, restore, isEmpty]);

  const write = useCallback(() => {
    window.clearTimeout(timer.current);
    const kept = pending.current;
    pending.current = null;
    if (kept === null || !key || !userId) return;
    const stored = isEmpty(kept.value)
      ? dropSyncedDraft(userId, key)
      : writeSyncedDraft({ key, label, href, userId, value: kept.value, updatedAt: Date.now() });
    stored.catch(() => {
      // A draft that cannot be kept is only lost if the page goes away before it is sent.
    });
  }, [key, label, href, userId, isEmpty]);

  // What is typed just before leaving the page, or closing the tab, is kept too.
  useEffect(() => {
    window.addEventListener('pagehide', write);
    return () => {
      window.removeEventListener('pagehide', write);
      write();
    };
  }, [write]);

  const save = useCallback(
    (value: T) => {
      pending.current = { value };
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(write, SAVE_DELAY_MS);
    },
    [write],
  );

  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    pending.current = null;
    if (key && userId) dropSyncedDraft(userId, key).catch(() => {});
  }, [key, userId]);

  return { save, clear };
}
