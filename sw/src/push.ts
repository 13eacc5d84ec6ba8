import type { PushPayload } from '@quorum/shared/types';
import { SW_MESSAGE } from '@quorum/shared/sw-messages';
import { setAppBadge } from './badge.ts';

const BADGE_ICON = '/icons/icon-192.png';
const CSRF_RESPONSE_HEADER = 'Csrf-Token';
const CSRF_HEADER = 'X-Csrf-Token';

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

/** Marks the notification seen from the push, with the anti-forgery token any API answer carries. */
async function markSeen(id: string): Promise<void> {
  const probe = await fetch('/api/_user', { credentials: 'same-origin' });
  const token = probe.headers.get(CSRF_RESPONSE_HEADER);
  if (!token) return;
  const query = new URLSearchParams({ action: 'markAsSeen', seen: 'true', seenFrom: 'webpush' });
  await fetch(`/api/notifications/${encodeURIComponent(id)}?${query}`, {
    method: 'PUT',
    credentials: 'same-origin',
    headers: { [CSRF_HEADER]: token },
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
        scope.registration.showNotification(payload.title, {
          icon: payload.icon,
          badge: BADGE_ICON,
          tag: payload.id,
          data: { id: payload.id, toURL: payload.toURL } satisfies ClickData,
        }),
      ]),
    );
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as ClickData | null;
    if (data?.id && data.toURL) event.waitUntil(openPushedNotification(scope, data));
  });
}
