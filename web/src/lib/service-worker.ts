import { BACKGROUND_REFRESH_MS, BACKGROUND_REFRESH_TAG } from '@quorum/client/saved-cache';
import { SW_UPDATE_CHECK_MS } from '@quorum/shared/constants';
import { useSyncExternalStore } from 'react';
import { SW_MESSAGE } from '@quorum/shared/sw-messages';

let registration: ServiceWorkerRegistration | undefined;
let updateWaiting = false;
let reloadOnControl = false;
const listeners = new Set<() => void>();

function setUpdateWaiting(value: boolean): void {
  if (updateWaiting === value) return;
  updateWaiting = value;
  for (const listener of listeners) listener();
}

function checkForUpdate(): void {
  registration?.update().catch(() => {
    // Offline or the server is down: the next check tries again.
  });
}

interface PeriodicSyncManager {
  register(tag: string, options: { minInterval: number }): Promise<void>;
}

/**
 * Asks for the saved home feed and notifications to be refreshed in the background now and then
 * (Periodic Background Sync). Browsers grant it only to an installed app they see used; elsewhere
 * the saved copy is as fresh as the last visit.
 */
async function askForBackgroundRefresh(worker: ServiceWorkerRegistration): Promise<void> {
  const periodicSync = (worker as ServiceWorkerRegistration & { periodicSync?: PeriodicSyncManager }).periodicSync;
  if (!periodicSync) return;
  const permission = await navigator.permissions.query({ name: 'periodic-background-sync' as PermissionName }).catch(() => null);
  if (permission?.state !== 'granted') return;
  await periodicSync.register(BACKGROUND_REFRESH_TAG, { minInterval: BACKGROUND_REFRESH_MS }).catch(() => undefined);
}

/**
 * Registers the service worker (production builds only) and looks for a new version every
 * SW_UPDATE_CHECK_MS and whenever the tab becomes visible. A new version waits until the user
 * agrees to reload (see applyUpdate).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;

  // Registration waits for the page's load event anyway, so its code need not be in the first download.
  import('workbox-window')
    .then(({ Workbox }) => {
      const workbox = new Workbox('/sw.js', { scope: '/' });
      workbox.addEventListener('waiting', () => setUpdateWaiting(true));
      workbox.addEventListener('controlling', () => {
        if (reloadOnControl) window.location.reload();
      });
      return workbox.register();
    })
    .then((result) => {
      registration = result;
      if (result?.waiting && navigator.serviceWorker.controller) setUpdateWaiting(true);
      if (result) void askForBackgroundRefresh(result);
      window.setInterval(checkForUpdate, SW_UPDATE_CHECK_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') checkForUpdate();
      });
    })
    .catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
}

/** Lets the waiting worker take over; the page reloads once it controls the page. */
export function applyUpdate(): void {
  const waiting = registration?.waiting;
  if (!waiting) {
    window.location.reload();
    return;
  }
  reloadOnControl = true;
  waiting.postMessage({ type: SW_MESSAGE.skipWaiting });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True when a new version of the app is installed and waiting for the user. */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(subscribe, () => updateWaiting, () => false);
}
