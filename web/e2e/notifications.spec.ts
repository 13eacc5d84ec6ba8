import { expect, test, type Browser, type BrowserContext, type Page, type Worker } from '@playwright/test';
import type { CommentsPage } from '@quorum/shared/entities/comments';
import type { Community } from '@quorum/shared/entities/communities';
import type { Notification as ListedNotification, NotificationsPage, PushReply } from '@quorum/shared/entities/notifications';
import type { Post } from '@quorum/shared/entities/posts';
import type { InitialData } from '@quorum/shared/entities/site';
import { ADMIN, apiAs, logIn, logOutViaApi, newCommunityName, newUsername, saveScreen, signUp, workerDevTools } from './helpers.ts';

/** A community (made by the admin) and a text post in it by a new user, logged in on `page`. */
async function authorWithPost(page: Page, browser: Browser): Promise<{ username: string; post: Post; community: Community }> {
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await logIn(adminPage, ADMIN.username, ADMIN.password);
  const community = await apiAs<Community>(adminPage, 'POST', '/api/communities', { name: newCommunityName('nt'), about: 'Talk.' });
  await admin.close();
  const username = await signUp(page, newUsername('na'));
  const post = await apiAs<Post>(page, 'POST', '/api/posts', { type: 'text', title: 'Where to <b>hike</b> this spring?', body: 'Ideas?', community: community.name });
  return { username, post, community };
}

/** Another user, in a context of their own, comments on the post. */
async function commentAsAnother(browser: Browser, post: Post, body = 'Try the ridge trail.'): Promise<{ username: string; commentId: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const username = await signUp(page, newUsername('nb'));
  const comment = await apiAs<{ id: string }>(page, 'POST', `/api/posts/${post.publicId}/comments`, { body });
  await context.close();
  return { username, commentId: comment.id };
}

/** Notifications are made by background jobs: asks until they are as `check` expects. */
async function waitForNotifications(page: Page, check: (page: NotificationsPage) => boolean): Promise<NotificationsPage> {
  let last: NotificationsPage | undefined;
  await expect
    .poll(async () => {
      last = await apiAs<NotificationsPage>(page, 'GET', '/api/notifications?render=true&format=html');
      return check(last);
    }, { timeout: 30_000, message: 'the notifications never became what the test waits for' })
    .toBe(true);
  return last!;
}

test('a reply lights the bell without a reload; the panel opens it and resets the count', async ({ page, browser }) => {
  await page.addInitScript(() => {
    const calls: Array<number | null> = [];
    (window as unknown as { badgeCalls: typeof calls }).badgeCalls = calls;
    Object.defineProperty(navigator, 'setAppBadge', { value: (count: number) => (calls.push(count), Promise.resolve()) });
    Object.defineProperty(navigator, 'clearAppBadge', { value: () => (calls.push(null), Promise.resolve()) });
  });
  const { post, community } = await authorWithPost(page, browser);
  await waitForNotifications(page, (p) => p.count === 1); // the welcome
  await page.goto('/');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications (1 new)');

  const { username: replier, commentId } = await commentAsAnother(browser, post);
  await expect(bell).toHaveAccessibleName('Notifications (2 new)', { timeout: 20_000 });
  await expect.poll(() => page.evaluate(() => (window as unknown as { badgeCalls: number[] }).badgeCalls.at(-1))).toBe(2);

  await bell.click();
  const panel = page.locator('.notifications-panel__popover');
  const item = panel.getByRole('link', { name: new RegExp(`@${replier} commented on your post`) });
  await expect(item).toBeVisible();
  await expect(item.locator('b').last()).toHaveText('Where to <b>hike</b> this spring?');
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect.poll(() => page.evaluate(() => (window as unknown as { badgeCalls: Array<number | null> }).badgeCalls.at(-1))).toBe(null);

  await item.click();
  await expect(page).toHaveURL(`/${community.name}/post/${post.publicId}/${commentId}`);
  await expect(panel).toHaveCount(0);
  const after = await waitForNotifications(page, (p) => p.items[0]?.seen === true);
  expect(after.newCount).toBe(0);
});

test('the notifications page marks, deletes and clears, with the spec messages', async ({ page, browser }) => {
  const { post } = await authorWithPost(page, browser);
  await commentAsAnother(browser, post);
  await waitForNotifications(page, (p) => p.count === 2);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const items = page.locator('.notifications__list > .notification');
  await expect(items).toHaveCount(2);
  // Opening the page resets the new count: the bottom bar's badge goes.
  await expect(page.locator('.bottom-nav .badge')).toHaveCount(0);

  const first = items.first();
  await first.getByRole('button', { name: 'Notification options' }).click();
  await page.getByRole('menuitem', { name: 'Mark as seen' }).click();
  await expect(first).toHaveAttribute('data-seen', 'true');
  await first.getByRole('button', { name: 'Notification options' }).click();
  await page.getByRole('menuitem', { name: 'Mark as unseen' }).click();
  await expect(first).not.toHaveAttribute('data-seen');

  await page.getByRole('button', { name: 'Notification actions' }).click();
  await page.getByRole('menuitem', { name: 'Mark all as seen' }).click();
  await expect(page.getByText('All notifications are marked as seen.')).toBeVisible();
  await expect(page.locator('.notification:not([data-seen])')).toHaveCount(0);

  await first.getByRole('button', { name: 'Notification options' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(items).toHaveCount(1);

  await page.getByRole('button', { name: 'Notification actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete all' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await dialog.getByRole('button', { name: 'Delete all' }).click();
  await expect(page.getByText('All notifications are deleted.')).toBeVisible();
  await expect(page.getByText('No notifications yet.')).toBeVisible();
  expect((await apiAs<NotificationsPage>(page, 'GET', '/api/notifications')).count).toBe(0);
});

async function serviceWorkerOf(context: BrowserContext, page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const [worker] = context.serviceWorkers();
  return worker ?? (await context.waitForEvent('serviceworker'));
}

/** Delivers push messages to the page's worker as a push service would. */
async function pushSender(context: BrowserContext, page: Page, origin: string): Promise<(payload: object) => Promise<void>> {
  const { cdp, registrationId } = await workerDevTools(context, page, origin);
  return async (payload) => {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });
  };
}

interface WorkerCall {
  method: string;
  url: string;
  body: unknown;
  status: number;
}

/**
 * From now on the worker's own API calls are recorded, with the server's answers. Without the
 * Cookie Store API (as in browsers that do not offer it to workers), the worker cannot read the
 * anti-forgery cookie.
 */
async function recordWorkerCalls(worker: Worker, { cookieStore = true } = {}): Promise<void> {
  await worker.evaluate((keepCookieStore) => {
    const scope = self as unknown as { fetch: typeof fetch; sent: WorkerCall[] };
    const send = scope.fetch.bind(scope);
    scope.sent = [];
    scope.fetch = async (input, init) => {
      const response = await send(input, init);
      const url = input instanceof Request ? input.url : String(input);
      if (new URL(url, self.location.origin).pathname.startsWith('/api/')) {
        const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
        scope.sent.push({ method: init?.method ?? (input instanceof Request ? input.method : 'GET'), url, body, status: response.status });
      }
      return response;
    };
    if (!keepCookieStore) Object.defineProperty(scope, 'cookieStore', { configurable: true, value: undefined });
  }, cookieStore);
}

const workerCalls = (worker: Worker) => worker.evaluate(() => (self as unknown as { sent: WorkerCall[] }).sent);

/** Hands the worker a subscription the push service replaced, as Chromium would. */
async function replaceSubscription(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    const scope = self as unknown as { ExtendableEvent: new (type: string) => Event; dispatchEvent(event: Event): boolean };
    const event = new scope.ExtendableEvent('pushsubscriptionchange');
    // Keys of the lengths browsers hand out: a P-256 public key and a 16-byte secret, base64url.
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
    const subscription = { toJSON: () => ({ endpoint: 'https://push.example/replaced', expirationTime: null, keys }) };
    Object.defineProperty(event, 'newSubscription', { value: subscription });
    scope.dispatchEvent(event);
  });
}

const shownTags = (page: Page) =>
  page.evaluate(async () => (await navigator.serviceWorker.ready).getNotifications().then((shown) => shown.map((n) => n.tag).sort()));

test('a notification read elsewhere is closed when the next push wakes the worker', async ({ page, context, browser, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  await context.grantPermissions(['notifications'], { origin });
  const { post, community } = await authorWithPost(page, browser);
  const other = await apiAs<Post>(page, 'POST', '/api/posts', { type: 'text', title: 'And where to camp?', body: 'Ideas?', community: community.name });
  await commentAsAnother(browser, post, 'First reply.');
  await commentAsAnother(browser, other, 'Second reply.');
  const list = await waitForNotifications(page, (p) => p.items.filter((item) => item.type === 'new_comment').length === 2);
  const [newer, older] = list.items as [NotificationsPage['items'][number], NotificationsPage['items'][number]];
  await page.goto('/');
  await serviceWorkerOf(context, page);
  const push = await pushSender(context, page, origin);
  const payloadOf = (item: typeof newer, count: number) => ({ id: item.id, type: item.type, title: 'A reply', toURL: item.toURL, icon: '/favicon.png', count });

  await push(payloadOf(older, 1));
  await expect.poll(() => shownTags(page)).toEqual([older.id]);
  // Read on another device: the browser's notification stays until the worker next wakes.
  await apiAs(page, 'PUT', `/api/notifications/${older.id}?action=markAsSeen&seen=true`);
  await push(payloadOf(newer, 1));
  await expect.poll(() => shownTags(page)).toEqual([newer.id]);
});

test('when the push service replaces the subscription, the worker hands the new one to the server', async ({ page, context, browser }) => {
  await authorWithPost(page, browser);
  await page.goto('/');
  const worker = await serviceWorkerOf(context, page);
  await recordWorkerCalls(worker);
  await replaceSubscription(worker);
  // The anti-forgery token comes from its cookie: the save is the worker's only call.
  await expect
    .poll(() => workerCalls(worker))
    .toEqual([{ method: 'POST', url: '/api/push_subscriptions', body: expect.objectContaining({ endpoint: 'https://push.example/replaced' }), status: 200 }]);
});

test('a worker that cannot read cookies gets the anti-forgery token from the health check, never from the bootstrap answer', async ({ page, context, browser }) => {
  await authorWithPost(page, browser);
  await page.goto('/');
  const worker = await serviceWorkerOf(context, page);
  await recordWorkerCalls(worker, { cookieStore: false });
  await replaceSubscription(worker);
  await expect
    .poll(() => workerCalls(worker))
    .toEqual([
      { method: 'GET', url: '/api/_health', body: null, status: 200 },
      { method: 'POST', url: '/api/push_subscriptions', body: expect.objectContaining({ endpoint: 'https://push.example/replaced' }), status: 200 },
    ]);
});

test('a push reaches the worker: it shows the notification and sets the badge; its click opens the post and marks it seen', async ({ page, context, browser, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  await context.grantPermissions(['notifications'], { origin });
  const { post, community } = await authorWithPost(page, browser);
  const { username: replier, commentId } = await commentAsAnother(browser, post, 'Pushed reply.');
  const list = await waitForNotifications(page, (p) => p.items.some((item) => item.type === 'new_comment'));
  const notification = list.items.find((item) => item.type === 'new_comment')!;
  await page.goto('/');
  const worker = await serviceWorkerOf(context, page);
  await worker.evaluate(() => {
    const scope = self as unknown as { badge: number | null; navigator: Navigator };
    scope.badge = null;
    Object.defineProperty(scope.navigator, 'setAppBadge', { configurable: true, value: (count: number) => ((scope.badge = count), Promise.resolve()) });
  });

  // No picture of the replier, the post or the community: the icon is the app's own, served as a PNG.
  expect(notification.icons).toEqual(['/favicon.png']);
  const icon = await page.request.get('/favicon.png');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toBe('image/png');
  expect((await icon.body()).subarray(1, 4).toString()).toBe('PNG');
  const payload = {
    id: notification.id, type: 'new_comment', title: `@${replier} commented on your post Where to <b>hike</b> this spring?`,
    toURL: notification.toURL, icon: notification.icons[0], count: 3,
  };
  await (await pushSender(context, page, origin))(payload);

  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).getNotifications().then((shown) => shown.map((n) => ({ title: n.title, tag: n.tag, icon: n.icon })))))
    .toEqual([{ title: payload.title, tag: notification.id, icon: `${origin}/favicon.png` }]);
  await expect.poll(() => worker.evaluate(() => (self as unknown as { badge: number | null }).badge)).toBe(3);

  // A browser's notification cannot be clicked from a test: the worker's own click handler runs
  // on the notification it showed, through a notificationclick event dispatched in the worker.
  await recordWorkerCalls(worker);
  await worker.evaluate(async () => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      dispatchEvent(event: Event): boolean;
    };
    const [shown] = await scope.registration.getNotifications();
    if (!shown) throw new Error('no notification shown');
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: shown }));
  });
  await expect(page).toHaveURL(`/${community.name}/post/${post.publicId}/${commentId}`);
  await expect(page.getByText('Pushed reply.')).toBeVisible();
  const after = await waitForNotifications(page, (p) => p.items.find((item) => item.id === notification.id)?.seen === true);
  expect(after.items.find((item) => item.id === notification.id)?.seen).toBe(true);
  // Marking it seen is the click's one API call: the token comes from its cookie, not from a read
  // of the bootstrap answer.
  const seenQuery = new URLSearchParams({ render: 'true', format: 'html', action: 'markAsSeen', seen: 'true', seenFrom: 'webpush' });
  expect(await workerCalls(worker)).toEqual([{ method: 'PUT', url: `/api/notifications/${notification.id}?${seenQuery}`, body: null, status: 200 }]);
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).getNotifications().then((shown) => shown.length))).toBe(0);
});

/**
 * Runs the worker's click handler on the notification it shows, as a click on `action` (or on the
 * notification itself) would; `reply` is what was typed into an inline reply.
 */
async function clickPushed(worker: Worker, action = '', reply: string | null = null): Promise<void> {
  await worker.evaluate(
    async ({ chosen, typed }) => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        NotificationEvent: new (type: string, init: { notification: Notification; action: string; reply: string | null }) => Event;
        dispatchEvent(event: Event): boolean;
      };
      const [shown] = await scope.registration.getNotifications();
      if (!shown) throw new Error('no notification shown');
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: shown, action: chosen, reply: typed }));
    },
    { chosen: action, typed: reply },
  );
}

/** What a push about one new comment carries so that it can be answered (the API's own is checked in its tests). */
async function replyOf(page: Page, notification: ListedNotification, post: Post, community: Community, commentId: string): Promise<PushReply> {
  const initial = await apiAs<InitialData>(page, 'GET', '/api/_initial');
  return {
    url: `${notification.toURL}?reply`, userId: initial.user!.id, commentId, postId: post.id, postPublicId: post.publicId, postTitle: post.title,
    communityId: community.id,
  };
}

/**
 * An author, on `page`, whose post another user commented on with `body`, with the app open, its
 * worker, a push sender and the push of that comment, which offers Reply.
 */
async function replyablePush(page: Page, context: BrowserContext, browser: Browser, origin: string, body: string) {
  await context.grantPermissions(['notifications'], { origin });
  const { post, community } = await authorWithPost(page, browser);
  const { commentId } = await commentAsAnother(browser, post, body);
  const list = await waitForNotifications(page, (p) => p.items.some((item) => item.type === 'new_comment'));
  const notification = list.items.find((item) => item.type === 'new_comment')!;
  await page.goto('/');
  const worker = await serviceWorkerOf(context, page);
  const push = await pushSender(context, page, origin);
  const payload = {
    id: notification.id, type: 'new_comment', title: 'Someone commented on your post', toURL: notification.toURL, icon: '/favicon.png',
    count: 1, reply: await replyOf(page, notification, post, community, commentId),
  };
  return { post, community, commentId, notification, worker, push, payload };
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await navigator.serviceWorker.ready).getNotifications().then((shown) =>
      shown.map((n) => ({ title: n.title, tag: n.tag, actions: (n as Notification & { actions: Array<{ action: string }> }).actions.map((a) => a.action) })),
    ),
  );

test("a reply's push offers Mark as read and Reply: one marks it read and opens nothing, the other opens the reply box", async ({ page, context, browser, baseURL }) => {
  const { post, community, commentId, notification, worker, push, payload } = await replyablePush(page, context, browser, new URL(baseURL!).origin, 'Have you tried the lake loop?');

  await push(payload);
  await expect.poll(() => shownNotifications(page)).toEqual([{ title: payload.title, tag: notification.id, actions: ['read', 'reply'] }]);
  await clickPushed(worker, 'read');
  await waitForNotifications(page, (p) => p.items.find((item) => item.id === notification.id)?.seen === true);
  await expect.poll(() => shownNotifications(page)).toEqual([]);
  await expect(page).toHaveURL('/');

  await apiAs(page, 'PUT', `/api/notifications/${notification.id}?action=markAsSeen&seen=false`);
  await push(payload);
  await expect.poll(() => shownNotifications(page)).toHaveLength(1);
  await clickPushed(worker, 'reply');
  await expect(page).toHaveURL(`/${community.name}/post/${post.publicId}/${commentId}?reply`);
  const box = page.getByRole('textbox', { name: /^Reply to/ });
  await expect(box).toBeFocused();
  await box.fill('Not yet, next weekend!');
  await page.getByRole('button', { name: 'Reply', exact: true }).last().click();
  await expect(box).toHaveCount(0);
  await expect
    .poll(async () => (await apiAs<CommentsPage>(page, 'GET', `/api/posts/${post.publicId}/comments`)).comments.find((c) => c.body === 'Not yet, next weekend!')?.parentId)
    .toBe(commentId);
});

/** The comments of the post, as the server has them. */
const commentsOf = async (page: Page, post: Post) => (await apiAs<CommentsPage>(page, 'GET', `/api/posts/${post.publicId}/comments`)).comments;

test('a reply typed into the push is posted by the worker through the outbox, at once or when the network is back', async ({ page, context, browser, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const { post, commentId, notification, worker, push, payload } = await replyablePush(page, context, browser, origin, 'Is the lake trail open?');
  const shownWithBody = () =>
    page.evaluate(async () => (await navigator.serviceWorker.ready).getNotifications().then((shown) => shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag }))));

  // Online: posted at once as a reply to the comment, and the notification says so in its place.
  await push(payload);
  await expect.poll(() => shownNotifications(page)).toEqual([{ title: payload.title, tag: notification.id, actions: ['read', 'reply'] }]);
  await clickPushed(worker, 'reply', '  Yes, since Monday.  ');
  await expect.poll(() => shownWithBody()).toEqual([{ title: 'Your reply was sent', body: 'Yes, since Monday.', tag: notification.id }]);
  const replies = (await commentsOf(page, post)).filter((c) => c.body === 'Yes, since Monday.');
  expect(replies.map((c) => c.parentId)).toEqual([commentId]);
  await waitForNotifications(page, (p) => p.items.find((item) => item.id === notification.id)?.seen === true);
  // Told in the notification: nothing is left in the outbox for the app to tell again.
  await expect.poll(() => page.evaluate(() => new Promise<number>((resolve) => {
    const open = indexedDB.open('quorum-outbox');
    open.onsuccess = () => {
      const count = open.result.transaction('writes').objectStore('writes').count();
      count.onsuccess = () => resolve(count.result);
    };
  }))).toBe(0);
  await expect(page).toHaveURL('/');

  // Without a network the reply is kept, the notification says it will be sent, and the browser is
  // asked to wake the worker when the network is back; the sync then sends it, once.
  await apiAs(page, 'PUT', `/api/notifications/${notification.id}?action=markAsSeen&seen=false`);
  await push(payload);
  await expect.poll(() => shownNotifications(page)).toEqual([{ title: payload.title, tag: notification.id, actions: ['read', 'reply'] }]);
  // The worker's network fails, and its requests for a sync are recorded: the browser, whose own
  // network is up, fires the sync at once, so the registered tag does not stay to be read.
  await worker.evaluate(() => {
    const scope = self as unknown as {
      fetch: typeof fetch; onlineFetch?: typeof fetch; syncRequests: string[];
      registration: { sync: { register(tag: string): Promise<void> } };
    };
    scope.onlineFetch = scope.fetch;
    scope.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    const { sync } = scope.registration;
    const register = sync.register.bind(sync);
    scope.syncRequests = [];
    sync.register = (tag) => (scope.syncRequests.push(tag), register(tag));
  });
  await clickPushed(worker, 'reply', 'Bring a torch.');
  await expect.poll(() => shownWithBody()).toEqual([{ title: "Your reply will be sent when you're back online", body: 'Bring a torch.', tag: notification.id }]);
  expect(await worker.evaluate(() => (self as unknown as { syncRequests: string[] }).syncRequests)).toEqual(['quorum-outbox']);
  expect((await commentsOf(page, post)).some((c) => c.body === 'Bring a torch.')).toBe(false);

  await worker.evaluate(() => {
    const scope = self as unknown as { fetch: typeof fetch; onlineFetch: typeof fetch };
    scope.fetch = scope.onlineFetch;
  });
  const { cdp, registrationId } = await workerDevTools(context, page, origin);
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId, tag: 'quorum-outbox', lastChance: false });
  await expect.poll(async () => (await commentsOf(page, post)).filter((c) => c.body === 'Bring a torch.').map((c) => c.parentId)).toEqual([commentId]);
  // The open tab tells of the reply the worker sent.
  await expect(page.getByRole('status').filter({ hasText: 'Your change made offline has been sent.' })).toBeVisible();

  // A reply the server refuses is said so with its reason, and waits in the app as failed.
  await apiAs(page, 'DELETE', `/api/posts/${post.publicId}`);
  await push(payload);
  await expect.poll(() => shownNotifications(page)).toEqual([{ title: payload.title, tag: notification.id, actions: ['read', 'reply'] }]);
  await clickPushed(worker, 'reply', 'Too late?');
  await expect.poll(() => shownWithBody()).toEqual([{ title: "Your reply couldn't be sent", body: 'This post has been deleted.', tag: notification.id }]);
  await expect(page.getByTestId('outbox-failed')).toBeVisible();

  // Logged out since: the reply waits for the member's next login.
  await logOutViaApi(page);
  await push(payload);
  await expect.poll(() => shownNotifications(page)).toEqual([{ title: payload.title, tag: notification.id, actions: ['read', 'reply'] }]);
  await clickPushed(worker, 'reply', 'Later then.');
  await expect.poll(() => shownWithBody()).toEqual([{ title: 'Log in to Quorum to send your reply', body: 'Later then.', tag: notification.id }]);
});

test('a push for a notification read elsewhere shows the newest unread one instead, never nothing', async ({ page, context, browser, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  await context.grantPermissions(['notifications'], { origin });
  const { post } = await authorWithPost(page, browser);
  await commentAsAnother(browser, post, 'First.');
  const list = await waitForNotifications(page, (p) => p.items.some((item) => item.type === 'new_comment'));
  const read = list.items.find((item) => item.type === 'new_comment')!;
  const unread = list.items.find((item) => item.type === 'welcome')!;
  await apiAs(page, 'PUT', `/api/notifications/${read.id}?action=markAsSeen&seen=true`);
  await page.goto('/');
  await serviceWorkerOf(context, page);
  const push = await pushSender(context, page, origin);
  await push({ id: read.id, type: 'new_comment', title: 'Old news', toURL: read.toURL, icon: '/favicon.png', count: 1, reply: null });
  // The list's title is HTML; the notification shows it as text.
  const title = unread.title.replace(/<[^>]*>/g, '');
  await expect.poll(() => shownNotifications(page)).toEqual([{ title, tag: unread.id, actions: ['read'] }]);
  // A push that carries nothing readable still shows the newest unread one.
  await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).forEach((n) => n.close()));
  await push({ nothing: 'readable' });
  await expect.poll(() => shownNotifications(page)).toEqual([{ title, tag: unread.id, actions: ['read'] }]);
});

test('the push prompt is never shown on a first visit, and is shown on a later one', async ({ page, browser }) => {
  await authorWithPost(page, browser);
  await page.goto('/');
  // The app decides a moment after the page is up; on a first visit it only notes when that was.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('push_prompt_asked_at')), { timeout: 10_000 }).not.toBeNull();
  await expect(page.getByRole('dialog', { name: 'Turn on notifications?' })).toHaveCount(0);
  // A visit long after: the last question is older than the interval.
  await page.evaluate(() => localStorage.setItem('push_prompt_asked_at', String(Date.now() - 31 * 24 * 3600 * 1000)));
  await page.reload();
  const prompt = page.getByRole('dialog', { name: 'Turn on notifications?' });
  await expect(prompt).toBeVisible({ timeout: 10_000 });
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toHaveCount(0);
  const askedAt = Number(await page.evaluate(() => localStorage.getItem('push_prompt_asked_at')));
  expect(Date.now() - askedAt).toBeLessThan(60_000);
});

test('turning notifications on from the prompt is counted for the site statistics', async ({ page, context, browser, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: new URL(baseURL!).origin });
  // No push service answers a test browser: subscribing hands back a made-up subscription.
  await page.addInitScript(() => {
    const subscription = {
      endpoint: 'https://push.example/subscription',
      toJSON: () => ({ endpoint: 'https://push.example/subscription', expirationTime: null, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } }),
    };
    PushManager.prototype.getSubscription = () => Promise.resolve(null);
    PushManager.prototype.subscribe = () => Promise.resolve(subscription as unknown as PushSubscription);
    Object.defineProperty(Notification, 'permission', { configurable: true, get: () => 'default' });
    Notification.requestPermission = () => Promise.resolve('granted');
    localStorage.setItem('push_prompt_asked_at', String(Date.now() - 31 * 24 * 3600 * 1000));
  });
  await authorWithPost(page, browser);
  await page.goto('/');
  const prompt = page.getByRole('dialog', { name: 'Turn on notifications?' });
  await expect(prompt).toBeVisible({ timeout: 10_000 });
  const counted = page.waitForRequest((request) => request.url().endsWith('/api/analytics') && request.method() === 'POST');
  await prompt.getByRole('button', { name: 'Turn on' }).click();
  const request = await counted;
  expect(request.postDataJSON()).toEqual({ event: 'notifications_enabled' });
  expect((await request.response())?.status()).toBe(200);
  await expect(prompt).toHaveCount(0);
});

test('the notifications page and panel fit 320, 390 and 1280 px in both themes', async ({ page, browser }) => {
  const { post } = await authorWithPost(page, browser);
  await commentAsAnother(browser, post, 'A first reply with a long word: Pneumonoultramicroscopicsilicovolcanoconiosis.');
  await commentAsAnother(browser, post);
  await waitForNotifications(page, (p) => p.items[0]?.title.includes('2 new comments') ?? false);
  await page.goto('/');
  for (const theme of ['light', 'dark']) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/notifications');
      await expect(page.locator('.notifications__list > .notification').first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await saveScreen(page, `notifications-page-${width}-${theme}`);
      if (width === 1280) {
        await page.goto('/');
        await page.getByRole('button', { name: /^Notifications/ }).click();
        await expect(page.locator('.notifications-panel__popover .notification').first()).toBeVisible();
        await saveScreen(page, `notifications-panel-${width}-${theme}`);
      }
    }
  }
});

/**
 * Stands in for the browser's push service, which this machine cannot reach: subscribing hands out
 * a subscription at once (or, with `hang`, never answers), and it can be ended again.
 */
async function fakePushService(page: Page, { hang = false } = {}) {
  await page.addInitScript((neverAnswers) => {
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
    let current: PushSubscription | null = null;
    const made = (endpoint: string) =>
      ({
        endpoint,
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: () => {
          current = null;
          return Promise.resolve(true);
        },
      }) as unknown as PushSubscription;
    PushManager.prototype.getSubscription = () => Promise.resolve(current);
    PushManager.prototype.subscribe = () => {
      if (neverAnswers) return new Promise<PushSubscription>(() => {});
      current = made('https://push.example/settings-device');
      return Promise.resolve(current);
    };
  }, hang);
}

test('a member turns push notifications off and on again for this device from settings', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await fakePushService(page);
  await signUp(page, newUsername('pushset'));
  await page.goto('/settings');
  const toggle = page.getByRole('switch', { name: 'Push notifications on this device' });
  // Permission was given before: the app hands this device's subscription to the server by itself.
  await expect(toggle).toBeChecked();

  const off = page.waitForResponse((answer) => answer.request().method() === 'DELETE' && new URL(answer.url()).pathname === '/api/push_subscriptions');
  await toggle.uncheck();
  expect((await off).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'Notifications are off for this device.' })).toBeVisible();
  await page.reload();
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();

  const on = page.waitForResponse((answer) => answer.request().method() === 'POST' && new URL(answer.url()).pathname === '/api/push_subscriptions');
  await toggle.check();
  expect((await on).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'Notifications are on for this device.' })).toBeVisible();
  await page.reload();
  await expect(toggle).toBeChecked();
});

test("turning push on gives up with the spec's message when the push service never answers", async ({ page, context, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await fakePushService(page, { hang: true });
  await page.clock.install();
  await signUp(page, newUsername('pushhang'));
  await page.goto('/settings');
  const toggle = page.getByRole('switch', { name: 'Push notifications on this device' });
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect(toggle).toBeDisabled();
  await page.clock.runFor(10_000);
  await expect(page.getByRole('status').filter({ hasText: "It looks like your browser doesn't support push notifications." })).toBeVisible();
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();
});
