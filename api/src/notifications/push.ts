// Sending pushes: web-push builds the encrypted request (VAPID, aes128gcm) and fetch sends it.
import type { PushPayload } from '@quorum/shared/types';
import webpush from 'web-push';
import type { Sql } from '../db/connect.ts';
import { getNotificationForPush, markPushed } from './queries.ts';
import { renderNotification } from './render.ts';
import type { PushJob } from './store.ts';

/** Seconds a push service keeps an undelivered push (the reference's value). */
const PUSH_TTL_SECONDS = 30;

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

interface Subscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Some pushes failed in a way worth trying again later: the job retries. */
class PushRetry extends Error {}

/** The push service no longer knows the subscription (404 or 410). */
class Gone extends Error {}

/**
 * Pushes one version of a notification to every device of its user. Nothing is sent for a version
 * that was already pushed or has been replaced by a newer one (a merge queues its own push).
 * Subscriptions the push service no longer knows are deleted; other failures make the job retry.
 */
export async function sendPush(sql: Sql, vapid: VapidDetails, job: PushJob): Promise<void> {
  const row = await getNotificationForPush(sql, job.notificationId);
  if (!row || row.version !== job.version || row.pushedVersion >= job.version || row.seenAt) return;
  const rendered = renderNotification(row, 'text');
  if (rendered.toURL === '#') return;
  const payload: PushPayload = {
    id: row.id, type: row.type, title: rendered.title, toURL: rendered.toURL, icon: rendered.icons[0] ?? '', count: row.newCount,
  };
  const subscriptions = await sql<Subscription[]>`
    select id, endpoint, p256dh, auth from push_subscriptions where user_id = ${row.userId}`;
  const failures: unknown[] = [];
  for (const subscription of subscriptions) {
    try {
      await deliver(subscription, JSON.stringify(payload), vapid, row.id);
    } catch (error) {
      if (error instanceof Gone) await sql`delete from push_subscriptions where id = ${subscription.id}`;
      else failures.push(error);
    }
  }
  if (failures.length > 0) throw new PushRetry(`${failures.length} of ${subscriptions.length} pushes failed`, { cause: failures[0] });
  await markPushed(sql, row.id, job.version);
}

async function deliver(subscription: Subscription, body: string, vapid: VapidDetails, topic: string): Promise<void> {
  const details = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    body,
    { TTL: PUSH_TTL_SECONDS, topic: topic.replaceAll('-', ''), vapidDetails: vapid, contentEncoding: 'aes128gcm' },
  );
  const response = await fetch(details.endpoint, {
    method: details.method,
    headers: details.headers as Record<string, string>,
    body: details.body ?? undefined,
    signal: AbortSignal.timeout(15_000),
  });
  await response.body?.cancel();
  if (response.status === 404 || response.status === 410) throw new Gone(`push subscription gone (${response.status})`);
  if (!response.ok) throw new Error(`push service answered ${response.status}`);
}
