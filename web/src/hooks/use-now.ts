import { TIMESTAMP_REFRESH_MS } from '@quorum/shared/constants';
import { useSyncExternalStore } from 'react';
import { useFirstRender } from '../lib/first-render.ts';

// One clock for the whole page, so that a screen full of timestamps re-renders on a single timer.
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, TIMESTAMP_REFRESH_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The current time in milliseconds, refreshed every minute (the spec's timestamp refresh). */
export function useNow(): number {
  const firstRender = useFirstRender();
  return useSyncExternalStore(subscribe, () => now, () => firstRender.now);
}
