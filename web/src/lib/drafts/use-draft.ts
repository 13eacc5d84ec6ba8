import { useCallback, useEffect, useRef } from 'react';
import { useSessionUser } from '../session/get-initial.ts';
import { deleteDraft, readDraft, saveDraft } from './drafts-db.ts';

/** How long typing may pause before the draft is written. */
const SAVE_DELAY_MS = 400;

export interface DraftControls {
  /** Keeps `body` as the draft, a moment after typing pauses (an empty body drops it). */
  save: (body: string) => void;
  /** Drops the draft: it was sent or thrown away. */
  clear: () => void;
}

/**
 * The draft of the box named `key` for the logged-in user: `restore` (a stable function) gets its
 * words once they are read, and the controls keep it as it is typed. No key, or no user, keeps nothing.
 */
export function useDraft(key: string | undefined, restore: (body: string) => void): DraftControls {
  const userId = useSessionUser()?.id ?? null;
  const timer = useRef<number | undefined>(undefined);
  const pending = useRef<string | null>(null);

  useEffect(() => {
    if (!key || !userId) return;
    let cancelled = false;
    readDraft(userId, key)
      .then((draft) => {
        if (!cancelled && draft?.body) restore(draft.body);
      })
      .catch(() => {
        // Without storage (a private window may refuse it) the box simply starts empty.
      });
    return () => {
      cancelled = true;
    };
  }, [key, userId, restore]);

  const write = useCallback(() => {
    window.clearTimeout(timer.current);
    const body = pending.current;
    pending.current = null;
    if (body === null || !key || !userId) return;
    const stored = body.trim() === '' ? deleteDraft(userId, key) : saveDraft({ key, userId, body, updatedAt: Date.now() });
    stored.catch(() => {
      // A draft that cannot be kept is only lost if the page goes away before it is sent.
    });
  }, [key, userId]);

  // What is typed just before leaving the page, or closing the tab, is kept too.
  useEffect(() => {
    window.addEventListener('pagehide', write);
    return () => {
      window.removeEventListener('pagehide', write);
      write();
    };
  }, [write]);

  const save = useCallback(
    (body: string) => {
      pending.current = body;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(write, SAVE_DELAY_MS);
    },
    [write],
  );

  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    pending.current = null;
    if (key && userId) deleteDraft(userId, key).catch(() => {});
  }, [key, userId]);

  return { save, clear };
}
