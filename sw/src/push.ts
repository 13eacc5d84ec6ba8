import type { PushPayload } from '@quorum/shared/types';
import { SW_MESSAGE } from '@quorum/shared/sw-messages';
import { setAppBadge } from './badge.ts';

const BADGE_ICON = '/icons/icon-192.png';
const CSRF_RESPONSE_HEADER = 'Csrf-Token';
const CSRF_HEADER = 'X-Csrf-Token';

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

/** The anti-forgery token the bootstrap answer carries, with the site's push key. */
async function bootstrap(): Promise<{ token: string | null; vapidPublicKey: string | null }> {
  const response = await fetch('/api/_initial', { credentials: 'same-origin' });
  const body = response.ok ? ((await response.json()) as { vapidPublicKey?: string | null }) : {};
  return { token: response.headers.get(CSRF_RESPONSE_HEADER), vapidPublicKey: body.vapidPublicKey ?? null };
}

/** Marks the notification seen from the push. */
async function markSeen(id: string): Promise<void> {
  const { token } = await bootstrap();
  if (!token) return;
  const query = new URLSearchParams({ action: 'markAsSeen', seen: 'true', seenFrom: 'webpush' });
  await fetch(`/api/notifications/${encodeURIComponent(id)}?${query}`, {
    method: 'PUT',
    credentials: 'same-origin',
    headers: { [CSRF_HEADER]: token },
  });
}

/**
 * Closes the shown notifications that were read (or deleted) elsewhere since they were shown: all
 * of them when nothing is unread, otherwise those the first page of the list has as seen, or has
 * not at all when that page is the whole list.
 */
async function closeReadNotifications(scope: ServiceWorkerGlobalScope, payload: PushPayload): Promise<void> {
  const shown = (await scope.registration.getNotifications()).filter((notification) => notification.tag !== payload.id);
  if (shown.length === 0) return;
  if (payload.count === 0) {
    for (const notification of shown) notification.close();
    return;
  }
  const response = await fetch('/api/notifications', { credentials: 'same-origin' });
  if (!response.ok) return;
  const list = (await response.json()) as { items: Array<{ id: string; seen: boolean }>; next: string | null };
  const seen = new Map(list.items.map((item) => [item.id, item.seen]));
  for (const notification of shown) {
    const isSeen = seen.get(notification.tag);
    if (isSeen === true || (isSeen === undefined && list.next === null)) notification.close();
  }
}

/**
 * The push service replaced or dropped the subscription: subscribe again (with the site's key)
 * unless the browser already did, and hand the new subscription to the server. Only browsers that
 * fire the event (Firefox) get here; others keep their subscription alive themselves.
 */
async function resubscribe(scope: ServiceWorkerGlobalScope, event: PushSubscriptionChangeEvent): Promise<void> {
  const { token, vapidPublicKey } = await bootstrap();
  if (!token) return;
  const key = event.oldSubscription?.options.applicationServerKey ?? vapidPublicKey;
  const subscription = event.newSubscription ?? (key ? await scope.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }) : null);
  if (!subscription) return;
  await fetch('/api/push_subscriptions', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { [CSRF_HEADER]: token, 'Content-Type': 'application/json' },
    body: JSON.stringify(subscription.toJSON()),
  });
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
async function openPushedNotification(scope: ServiceWorkerGlobalScope, data: ClickData): Promise<void> {
  await Promise.all([
    openUrl(scope, data.toURL),
    markSeen(data.id).catch(() => {
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
  scope.addEventListener('push', (event) => {
    const payload = readPayload(event);
    if (!payload) return;
    event.waitUntil(
      Promise.all([
        setAppBadge(payload.count),
        closeReadNotifications(scope, payload).catch(() => console.warn('Could not close the notifications read elsewhere')),
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
    event.waitUntil(resubscribe(scope, event as PushSubscriptionChangeEvent).catch(() => console.warn('Could not subscribe to pushes again')));
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as ClickData | null;
    if (data?.id && data.toURL) event.waitUntil(openPushedNotification(scope, data));
  });
}
