import type { PushPayload } from '@quorum/shared/entities/notifications';
import { SW_MESSAGE } from '@quorum/shared/sw-messages';
import { createWorkerApi, type WorkerApi } from './api.ts';
import { setAppBadge } from './badge.ts';

const BADGE_ICON = '/icons/icon-192.png';

/** Fired by some browsers only, so missing from TypeScript's worker library; both fields may be absent. */
interface PushSubscriptionChangeEvent extends ExtendableEvent {
  readonly oldSubscription?: PushSubscription | null;
  readonly newSubscription?: PushSubscription | null;
}

interface ClickData {
  id: string;
  toURL: string;
}

function isPushPayload(value: unknown): value is PushPayload {
  if (typeof value !== 'object' || value === null) return false;
  const payload = value as Record<string, unknown>;
  return typeof payload.id === 'string' && typeof payload.title === 'string' && typeof payload.toURL === 'string'
    && typeof payload.icon === 'string' && typeof payload.count === 'number';
}

function readPayload(event: PushEvent): PushPayload | null {
  try {
    const data: unknown = event.data?.json();
    return isPushPayload(data) ? data : null;
  } catch {
    return null;
  }
}

/** Marks the notification seen from the push. */
async function markSeen(worker: WorkerApi, id: string): Promise<void> {
  if (!(await worker.loadToken())) return;
  await worker.api.markNotificationSeen(id, true, 'webpush');
}

/**
 * Closes the shown notifications that were read (or deleted) elsewhere since they were shown: all
 * of them when nothing is unread, otherwise those the first page of the list has as seen, or has
 * not at all when that page is the whole list.
 */
async function closeReadNotifications(scope: ServiceWorkerGlobalScope, worker: WorkerApi, payload: PushPayload): Promise<void> {
  const shown = (await scope.registration.getNotifications()).filter((notification) => notification.tag !== payload.id);
  if (shown.length === 0) return;
  if (payload.count === 0) {
    for (const notification of shown) notification.close();
    return;
  }
  const list = await worker.api.getNotifications(null);
  const seen = new Map(list.items.map((item) => [item.id, item.seen]));
  for (const notification of shown) {
    const isSeen = seen.get(notification.tag);
    if (isSeen === true || (isSeen === undefined && list.next === null)) notification.close();
  }
}

/**
 * Subscribes with the old subscription's key or else the site's. Firefox fires the event with
 * neither subscription; the site's key then comes from the bootstrap answer, the only one that
 * carries it.
 */
async function subscribeAgain(scope: ServiceWorkerGlobalScope, worker: WorkerApi, old: PushSubscription | null | undefined) {
  const key = old?.options.applicationServerKey ?? (await worker.api.getInitial()).vapidPublicKey;
  return key ? scope.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }) : null;
}

/**
 * The push service replaced or dropped the subscription: subscribe again (with the site's key)
 * unless the browser already did, and hand the new subscription to the server. Only browsers that
 * fire the event (Firefox) get here; others keep their subscription alive themselves.
 */
async function resubscribe(scope: ServiceWorkerGlobalScope, worker: WorkerApi, event: PushSubscriptionChangeEvent): Promise<void> {
  if (!(await worker.loadToken())) return;
  const subscription = event.newSubscription ?? (await subscribeAgain(scope, worker, event.oldSubscription));
  if (!subscription) return;
  await worker.api.savePushSubscription(subscription.toJSON());
}

/** Shows `url` in an open window of the app (the page navigates itself), or opens one. */
async function openUrl(scope: ServiceWorkerGlobalScope, url: string): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const target = windows.find((client) => client.focused) ?? windows[0];
  if (!target) {
    await scope.clients.openWindow(url);
    return;
  }
  target.postMessage({ type: SW_MESSAGE.openUrl, url });
  await target.focus().catch(() => {
    // Focusing needs the click's user activation; the page shows the address anyway.
  });
}

/** What a click on a pushed notification does: open its address and mark it seen. */
async function openPushedNotification(scope: ServiceWorkerGlobalScope, worker: WorkerApi, data: ClickData): Promise<void> {
  await Promise.all([
    openUrl(scope, data.toURL),
    markSeen(worker, data.id).catch(() => {
      // A failure to mark a notification seen is only logged (the list shows it unseen).
      console.warn('Could not mark the notification seen');
    }),
  ]);
}

/**
 * Web push: each push shows its notification (tag = notification id, so a newer version of a
 * merged notification replaces the old one) and sets the app badge to the count it carries.
 */
export function setUpPush(scope: ServiceWorkerGlobalScope): void {
  const worker = createWorkerApi(scope);
  scope.addEventListener('push', (event) => {
    const payload = readPayload(event);
    if (!payload) return;
    event.waitUntil(
      Promise.all([
        setAppBadge(payload.count),
        closeReadNotifications(scope, worker, payload).catch(() => console.warn('Could not close the notifications read elsewhere')),
        scope.registration.showNotification(payload.title, {
          icon: payload.icon,
          badge: BADGE_ICON,
          tag: payload.id,
          data: { id: payload.id, toURL: payload.toURL } satisfies ClickData,
        }),
      ]),
    );
  });

  scope.addEventListener('pushsubscriptionchange', (event) => {
    event.waitUntil(resubscribe(scope, worker, event as PushSubscriptionChangeEvent).catch(() => console.warn('Could not subscribe to pushes again')));
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as ClickData | null;
    if (data?.id && data.toURL) event.waitUntil(openPushedNotification(scope, worker, data));
  });
}
