import { BACKGROUND_REFRESH_TAG, refreshSavedCache } from '@quorum/client/saved-cache';
import type { WorkerApi } from './api.ts';

/** Fired by browsers with Periodic Background Sync only, so missing from TypeScript's worker library. */
interface PeriodicSyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/** Refreshes the saved home feed and notifications for the user logged in now (or the visitor). */
async function refresh(worker: WorkerApi): Promise<void> {
  const initial = await worker.api.getInitial();
  await refreshSavedCache(worker.api, initial.user?.id ?? null);
}

/**
 * Periodic Background Sync: now and then, as the browser decides, the worker refreshes the copy
 * of the home feed and the notifications saved for offline use, so that the app opened later
 * without a network shows something recent (and says when it was fetched).
 */
export function setUpBackgroundRefresh(scope: ServiceWorkerGlobalScope, worker: WorkerApi): void {
  scope.addEventListener('periodicsync', (event) => {
    const sync = event as PeriodicSyncEvent;
    if (sync.tag === BACKGROUND_REFRESH_TAG) sync.waitUntil(refresh(worker));
  });
}
