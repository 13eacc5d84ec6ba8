import { SW_MESSAGE } from '@quorum/shared/sw-messages';

/**
 * A new worker waits until the page says the user agreed to update; on activation it takes
 * control of pages that have none yet (the very first visit).
 */
export function setUpUpdateFlow(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('message', (event) => {
    if (isMessage(event.data, SW_MESSAGE.skipWaiting)) event.waitUntil(scope.skipWaiting());
  });
  scope.addEventListener('activate', (event) => {
    event.waitUntil(scope.clients.claim());
  });
}

function isMessage(data: unknown, type: string): boolean {
  return typeof data === 'object' && data !== null && 'type' in data && data.type === type;
}
