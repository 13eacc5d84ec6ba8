// Sending pushes: web-push builds the encrypted request (VAPID, aes128gcm), and it is sent only to
// a public address (the vetted lookup of outbound/), never following a redirect, within a short deadline.
import http from 'node:http';
import https from 'node:https';
import { REPLY_PARAM } from '@quorum/shared/constants';
import type { PushPayload, PushReply } from '@quorum/shared/entities/notifications';
import type webpush from 'web-push';
import type { Sql } from '../db/connect.ts';
import { countPush } from '../metrics/metrics.ts';
import { AddressRefusedError, checkLiteralHost, systemResolve, vettedLookup } from '../outbound/lookup.ts';
import { clearPushFailures, countPushFailure, getNotificationForPush, markPushed, PUSH_FAILURES_MAX, type NotificationRow } from './queries.ts';
import { renderNotification } from './render.ts';
import type { PushJob } from './store.ts';

/** Seconds a push service keeps an undelivered push (the reference's value). */
const PUSH_TTL_SECONDS = 30;

/** How long one push service gets to answer; a push service answers in well under a second. */
const PUSH_TIMEOUT_MS = 5_000;

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface PushOptions {
  vapid: VapidDetails;
  /** Allow push services on loopback and private networks, over plain http too (tests). */
  allowPrivate: boolean;
}

interface Subscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Some pushes failed in a way worth trying again later: the job retries. */
class PushRetry extends Error {}

/** The subscription can never be delivered: the push service no longer knows it (404 or 410), or its address is refused. */
class Undeliverable extends Error {}

/**
 * Whether a browser's push endpoint may be stored: written with a host name or a public address.
 * Names are vetted again on every push, when they are resolved.
 */
export function isAcceptableEndpoint(endpoint: string): boolean {
  try {
    const url = new URL(endpoint);
    checkLiteralHost(url, false);
    return url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Pushes one version of a notification to every device of its user, side by side. Nothing is sent
 * for a version that was already pushed or has been replaced by a newer one (a merge queues its
 * own push). Undeliverable subscriptions are deleted, and so are those that failed PUSH_FAILURES_MAX
 * pushes within a day; other failures make the job retry.
 */
export async function sendPush(sql: Sql, options: PushOptions, job: PushJob): Promise<void> {
  const row = await getNotificationForPush(sql, job.notificationId);
  if (!row || row.version !== job.version || row.pushedVersion >= job.version || row.seenAt) return;
  const rendered = renderNotification(row, 'text');
  if (rendered.toURL === '#') return;
  const payload: PushPayload = {
    id: row.id, type: row.type, title: rendered.title, toURL: rendered.toURL, icon: rendered.icons[0] ?? '', count: row.newCount,
    reply: replyTo(row, rendered.toURL),
  };
  const subscriptions = await sql<Subscription[]>`
    select id, endpoint, p256dh, auth from push_subscriptions where user_id = ${row.userId}`;
  const body = JSON.stringify(payload);
  const outcomes = await Promise.allSettled(subscriptions.map((subscription) => deliver(subscription, body, options, row.id)));
  const failures: unknown[] = [];
  const delivered: string[] = [];
  for (const [index, outcome] of outcomes.entries()) {
    const subscription = subscriptions[index]!;
    if (outcome.status === 'fulfilled') {
      countPush('sent');
      delivered.push(subscription.id);
    } else if (outcome.reason instanceof Undeliverable || (await countPushFailure(sql, subscription.id, row.id)) >= PUSH_FAILURES_MAX) {
      countPush('dropped');
      await sql`delete from push_subscriptions where id = ${subscription.id}`;
    } else {
      countPush('failed');
      failures.push(outcome.reason);
    }
  }
  await clearPushFailures(sql, delivered);
  if (failures.length > 0) throw new PushRetry(`${failures.length} of ${subscriptions.length} pushes failed`, { cause: failures[0] });
  await markPushed(sql, row.id, job.version);
}

/** A notification of one new comment or reply (its link is that comment's page) can be answered from the push. */
function replyTo(row: NotificationRow, toURL: string): PushReply | null {
  const { payload } = row;
  const ofOneComment = (row.type === 'new_comment' || row.type === 'comment_reply') && Number(payload.noComments) === 1;
  if (!ofOneComment || row.postDeleted || !row.postPublicId || !row.postTitle || !row.communityId) return null;
  return {
    url: `${toURL}?${REPLY_PARAM}`, userId: row.userId, commentId: String(payload.commentId), postId: String(payload.postId),
    postPublicId: row.postPublicId, postTitle: row.postTitle, communityId: row.communityId,
  };
}

async function deliver(subscription: Subscription, body: string, options: PushOptions, topic: string): Promise<void> {
  // Loaded with the first push a process sends.
  const { generateRequestDetails } = (await import('web-push')).default;
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      body,
      { TTL: PUSH_TTL_SECONDS, topic: topic.replaceAll('-', ''), vapidDetails: options.vapid, contentEncoding: 'aes128gcm' },
    );
  } catch (error) {
    // Keys stored before they were checked: nothing can ever be encrypted for them.
    throw new Undeliverable('the subscription cannot be encrypted for', { cause: error });
  }
  const url = new URL(details.endpoint);
  const plainAllowed = options.allowPrivate && url.protocol === 'http:';
  if (url.protocol !== 'https:' && !plainAllowed) throw new Undeliverable('a push endpoint must be https');
  let status: number;
  try {
    checkLiteralHost(url, options.allowPrivate);
    status = await post(url, details.headers as Record<string, string>, details.body, options);
  } catch (error) {
    if (error instanceof AddressRefusedError) throw new Undeliverable('the push endpoint is not a public address', { cause: error });
    throw error;
  }
  if (status === 404 || status === 410) throw new Undeliverable(`push subscription gone (${status})`);
  // A redirect is not followed: a push service answers where it was asked.
  if (status < 200 || status >= 300) throw new Error(`push service answered ${status}`);
}

/** POSTs the push and resolves with the status once the answer's headers are in; the body is not read. */
function post(url: URL, headers: Record<string, string>, body: Buffer | null, options: PushOptions): Promise<number> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      headers,
      agent: false,
      lookup: vettedLookup(systemResolve, options.allowPrivate),
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    request.once('response', (response) => {
      resolve(response.statusCode ?? 0);
      response.destroy();
    });
    request.on('error', reject);
    request.end(body ?? undefined);
  });
}
