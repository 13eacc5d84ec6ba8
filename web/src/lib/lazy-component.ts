import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** How long a preload waits for the browser to be idle before it starts anyway. */
const IDLE_TIMEOUT_MS = 3000;

export type PreloadableComponent<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the code now, so that the first render does not wait for it. */
  preload: () => void;
};

/**
 * A component whose code is a chunk of its own, loaded on its first render or earlier through
 * `preload`. A failed preload is forgotten: the render that needs the code tries again, and a
 * failure there reaches the router's error screen (see chunk-reload.ts).
 */
export function lazyComponent<P>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return Object.assign(
    lazy(async () => ({ default: await loadOnce() })),
    {
      preload: () => {
        loadOnce().catch(() => undefined);
      },
    },
  );
}

/** Preloads the components once the browser is idle; returns a function that cancels it. */
export function preloadWhenIdle(...components: ReadonlyArray<{ preload: () => void }>): () => void {
  const run = () => {
    for (const component of components) component.preload();
  };
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  // Safari has no idle callback: a short delay lets the first screen go first.
  const timer = window.setTimeout(run, 1000);
  return () => window.clearTimeout(timer);
}
