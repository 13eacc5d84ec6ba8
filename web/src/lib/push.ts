import { PUSH_SUBSCRIBE_TIMEOUT_MS } from '@quorum/shared/constants';
import { api } from './api-client.ts';
import { readStorage, writeStorage } from './storage.ts';

/** Set while the member has turned pushes off on this device: nothing subscribes it again by itself. */
const TURNED_OFF_KEY = 'push_turned_off';

const listeners = new Set<() => void>();

/** Calls `listener` whenever this device's pushes were turned on or off; returns the unsubscribe. */
export function onPushChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function pushChanged(): void {
  for (const listener of listeners) listener();
}

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

/** Settles like `promise`, or rejects after `ms`: a push service that never answers. */
function withinTime<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error('The push service did not answer in time.')), ms);
    promise.then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        window.clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** This browser's push subscription, if it has one. */
async function currentSubscription(): Promise<PushSubscription | null> {
  if (!supportsPush()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Whether this device receives the member's pushes: allowed, subscribed and not turned off here. */
export async function isPushOnHere(): Promise<boolean> {
  if (!supportsPush() || Notification.permission !== 'granted' || isPushTurnedOffHere()) return false;
  return (await currentSubscription().catch(() => null)) !== null;
}

/** Whether the member turned pushes off on this device. */
export function isPushTurnedOffHere(): boolean {
  return readStorage(TURNED_OFF_KEY) !== null;
}

/**
 * Subscribes this browser to pushes through the service worker (asking for permission if needed)
 * and gives the subscription to the server, which keeps one per session. False when the browser
 * cannot, the user said no, or the push service gave no answer within PUSH_SUBSCRIBE_TIMEOUT_MS.
 */
export async function subscribeToPush(vapidPublicKey: string): Promise<boolean> {
  if (!supportsPush() || !vapidPublicKey) return false;
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') return false;
  const subscription = await withinTime(
    (async () => {
      const registration = await navigator.serviceWorker.ready;
      return (
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(vapidPublicKey) }))
      );
    })(),
    PUSH_SUBSCRIBE_TIMEOUT_MS,
  );
  await api.savePushSubscription(subscription.toJSON());
  writeStorage(TURNED_OFF_KEY, null);
  pushChanged();
  return true;
}

/** Turns pushes off on this device only: the browser's subscription ends and the server forgets it. */
export async function unsubscribeFromPush(): Promise<void> {
  writeStorage(TURNED_OFF_KEY, String(Date.now()));
  const subscription = await currentSubscription().catch(() => null);
  await subscription?.unsubscribe().catch(() => false);
  pushChanged();
  await api.deletePushSubscription();
}

/** Counts push notifications turned on (the server counts a user once a day); best effort. */
export function reportNotificationsEnabled(): void {
  api.recordAnalytics('notifications_enabled').catch(() => {
    // Counting is best effort: a failure changes nothing for the user.
  });
}
