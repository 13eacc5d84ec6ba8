import { api } from '../../../lib/api-client.ts';

/** Whether this browser can receive web push at all. */
export function supportsPush(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const bytes = atob(base64);
  const key = new Uint8Array(new ArrayBuffer(bytes.length));
  for (let i = 0; i < bytes.length; i++) key[i] = bytes.charCodeAt(i);
  return key;
}

/**
 * Subscribes this browser to pushes through the service worker (asking for permission if needed)
 * and gives the subscription to the server, which keeps one per session. False when the browser
 * cannot or the user said no.
 */
export async function subscribeToPush(vapidPublicKey: string): Promise<boolean> {
  if (!supportsPush() || !vapidPublicKey) return false;
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') return false;
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(vapidPublicKey) }));
  await api.savePushSubscription(subscription.toJSON());
  return true;
}

/** Counts push notifications turned on (the server counts a user once a day); best effort. */
export function reportNotificationsEnabled(): void {
  api.recordAnalytics('notifications_enabled').catch(() => {
    // Counting is best effort: a failure changes nothing for the user.
  });
}
