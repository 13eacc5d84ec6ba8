import { TIMESTAMP_REFRESH_MS } from '@quorum/shared/constants';
import { useSyncExternalStore } from 'react';
import { useFirstRender } from '../lib/first-render.ts';

// One clock for the whole page, so that a screen full of timestamps re-renders on a single timer.
let now = Date.now();
let setToDrawnPage = false;
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    // A stopped clock is brought up to date, unless it was just set to a drawn page's time, which
    // it keeps until the next tick.
    if (!setToDrawnPage) now = Date.now();
    setToDrawnPage = false;
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

/**
 * Sets the page's clock to when the page the server drew was drawn, so that the app taking it over
 * reads the same relative times and need not draw them again.
 */
export function startClockAt(time: number): void {
  now = time;
  setToDrawnPage = true;
}

/** The current time in milliseconds, refreshed every minute (the spec's timestamp refresh). */
export function useNow(): number {
  const firstRender = useFirstRender();
  return useSyncExternalStore(subscribe, () => now, () => firstRender.now);
}
