import type { NotificationsPage, PushPayload, PushReply } from '@quorum/shared/entities/notifications';
import { SW_MESSAGE } from '@quorum/shared/sw-messages';
import { deleteEntry, readEntry } from '@quorum/client/outbox/store';
import type { WorkerApi } from './api.ts';
import { setAppBadge } from './badge.ts';
import { askForSync, queueWrite, sendOutbox } from './outbox.ts';

const BADGE_ICON = '/icons/icon-192.png';

/** Fired by some browsers only, so missing from TypeScript's worker library; both fields may be absent. */
interface PushSubscriptionChangeEvent extends ExtendableEvent {
  readonly oldSubscription?: PushSubscription | null;
  readonly newSubscription?: PushSubscription | null;
}

interface ClickData {
  id: string;
  toURL: string;
  /** The comment the Reply action answers; null when the notification offers none. */
  reply: PushReply | null;
}

/** A click on a notification; `reply` is what was typed into its inline reply, where the browser has one. */
interface ReplyableClick extends NotificationEvent {
  readonly reply?: string | null;
}

/** The actions a pushed notification offers besides a click on it. */
const ACTION = { read: 'read', reply: 'reply' } as const;

const REPLY_FIELDS = ['url', 'userId', 'commentId', 'postId', 'postPublicId', 'postTitle', 'communityId'] as const;

function isPushReply(value: unknown): value is PushReply {
  if (typeof value !== 'object' || value === null) return false;
  return REPLY_FIELDS.every((field) => typeof (value as Record<string, unknown>)[field] === 'string');
}

function isPushPayload(value: unknown): value is PushPayload {
  if (typeof value !== 'object' || value === null) return false;
  const payload = value as Record<string, unknown>;
  return typeof payload.id === 'string' && typeof payload.title === 'string' && typeof payload.toURL === 'string'
    && typeof payload.icon === 'string' && typeof payload.count === 'number'
    && (payload.reply === undefined || payload.reply === null || isPushReply(payload.reply));
}

/** A notification's title as the list renders it (HTML with <b> around key words), as plain text. */
function plainText(html: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
  return html.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => entities[name] ?? '');
}

/** What a pushed notification shows and where its actions lead. */
type Shown = Pick<PushPayload, 'id' | 'title' | 'toURL' | 'icon' | 'reply'>;

/** Shown for a push that carries nothing readable while the list has nothing unread either. */
const NEW_NOTIFICATIONS: Shown = { id: 'notifications', title: 'You have new notifications', toURL: '/notifications', icon: BADGE_ICON, reply: null };

function newestUnread(list: NotificationsPage | null): Shown | null {
  const unread = list?.items.find((item) => !item.seen);
  return unread ? { id: unread.id, title: plainText(unread.title), toURL: unread.toURL, icon: unread.icons[0] ?? BADGE_ICON, reply: null } : null;
}

/**
 * What a push shows: its own notification, or, when that one was read elsewhere before the push
 * arrived (or the push carries nothing readable), the newest unread one instead. A push always
 * shows something: browsers take the subscription away from workers that show nothing.
 */
function toShow(list: NotificationsPage | null, payload: PushPayload | null): Shown {
  if (!payload) return newestUnread(list) ?? NEW_NOTIFICATIONS;
  const readElsewhere = list?.items.find((item) => item.id === payload.id)?.seen === true;
  return (readElsewhere && newestUnread(list)) || payload;
}

/**
 * Shows a pushed notification with its actions: Mark as read, and Reply where there is one comment
 * to answer, as a text field where the browser offers one.
 */
async function showPushed(scope: ServiceWorkerGlobalScope, payload: Shown): Promise<void> {
  const reply = payload.reply ?? null;
  const actions = [
    { action: ACTION.read, title: 'Mark as read' },
    ...(reply ? [{ action: ACTION.reply, title: 'Reply', type: 'text', placeholder: 'Write a reply' }] : []),
  ];
  await scope.registration.showNotification(payload.title, {
    icon: payload.icon,
    badge: BADGE_ICON,
    tag: payload.id,
    data: { id: payload.id, toURL: payload.toURL, reply } satisfies ClickData,
    // Not in TypeScript's worker library, which leaves out what only some browsers show.
    ...({ actions } as NotificationOptions),
  });
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
async function closeReadNotifications(scope: ServiceWorkerGlobalScope, list: NotificationsPage | null, payload: PushPayload): Promise<void> {
  const shown = (await scope.registration.getNotifications()).filter((notification) => notification.tag !== payload.id);
  if (shown.length === 0) return;
  if (payload.count === 0) {
    for (const notification of shown) notification.close();
    return;
  }
  if (!list) return;
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

/** Marks a pushed notification seen; a failure is only logged (the list shows it unseen). */
async function markPushedSeen(worker: WorkerApi, id: string): Promise<void> {
  await markSeen(worker, id).catch(() => console.warn('Could not mark the notification seen'));
}

/** What the notification says once a reply typed into it was handled. */
const REPLY_OUTCOME = {
  sent: 'Your reply was sent',
  waiting: "Your reply will be sent when you're back online",
  refused: "Your reply couldn't be sent",
  loggedOut: 'Log in to Quorum to send your reply',
} as const;

/**
 * Sends a reply typed into the notification through the outbox: kept first, so that it survives a
 * missing network and is sent once; sent at once when it can be, else when the browser fires the
 * sync (or the app is next opened). The notification is replaced by what became of it.
 */
async function replyFromNotification(scope: ServiceWorkerGlobalScope, worker: WorkerApi, data: ClickData & { reply: PushReply }, text: string): Promise<void> {
  const { reply } = data;
  const entry = await queueWrite(reply.userId, {
    kind: 'create-comment', body: text, parentId: reply.commentId, userGroup: 'normal',
    postId: reply.postId, postPublicId: reply.postPublicId, postTitle: reply.postTitle, communityId: reply.communityId,
  });
  // Who the server knows now; undefined when it cannot be reached.
  const sessionUser = await sendOutbox(worker).catch(async () => {
    await askForSync(scope);
    return undefined;
  });
  const outcome = await readEntry(entry.key);
  const state: keyof typeof REPLY_OUTCOME =
    outcome?.state === 'sent' ? 'sent'
      : outcome?.state === 'failed' ? 'refused'
        // Logged out (or in as someone else) since: the reply waits for their next login in the app.
        : sessionUser !== undefined && sessionUser !== reply.userId ? 'loggedOut'
          : 'waiting';
  // The one who typed it is told here: the app need not tell them again.
  if (state === 'sent') await deleteEntry(entry.key);
  await scope.registration.showNotification(REPLY_OUTCOME[state], {
    body: state === 'refused' ? (outcome?.error ?? text) : text,
    icon: BADGE_ICON,
    badge: BADGE_ICON,
    tag: data.id,
    data: { id: data.id, toURL: data.toURL, reply: null } satisfies ClickData,
  });
}

/**
 * What a click on a pushed notification does: Mark as read marks it seen and opens nothing; Reply
 * sends the words typed into it, or, where the browser has no inline reply, opens the comment's
 * page with its reply box open; a click elsewhere opens its address. Each marks it seen.
 */
async function actOnPushed(scope: ServiceWorkerGlobalScope, worker: WorkerApi, data: ClickData, action: string, typed: string): Promise<void> {
  if (action === ACTION.read) {
    await markPushedSeen(worker, data.id);
    return;
  }
  if (action === ACTION.reply && data.reply && typed) {
    await Promise.all([replyFromNotification(scope, worker, { ...data, reply: data.reply }, typed), markPushedSeen(worker, data.id)]);
    return;
  }
  const url = action === ACTION.reply && data.reply ? data.reply.url : data.toURL;
  await Promise.all([openUrl(scope, url), markPushedSeen(worker, data.id)]);
}

/**
 * Web push: each push shows its notification (tag = notification id, so a newer version of a
 * merged notification, such as "3 new comments on your post", replaces the old one rather than
 * stacking) and sets the app badge to the count it carries.
 */
export function setUpPush(scope: ServiceWorkerGlobalScope, worker: WorkerApi): void {
  scope.addEventListener('push', (event) => {
    const payload = readPayload(event);
    // The first page of the list, read once: what was read elsewhere since, and what is unread now.
    const list = worker.api.getNotifications(null).catch(() => null);
    event.waitUntil(
      Promise.all([
        payload && setAppBadge(payload.count),
        payload && list.then((page) => closeReadNotifications(scope, page, payload)).catch(() => console.warn('Could not close the notifications read elsewhere')),
        list.then((page) => showPushed(scope, toShow(page, payload))),
      ]),
    );
  });

  scope.addEventListener('pushsubscriptionchange', (event) => {
    event.waitUntil(resubscribe(scope, worker, event as PushSubscriptionChangeEvent).catch(() => console.warn('Could not subscribe to pushes again')));
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as ClickData | null;
    const typed = (event as ReplyableClick).reply?.trim() ?? '';
    if (data?.id && data.toURL) event.waitUntil(actOnPushed(scope, worker, data, event.action, typed));
  });
}
