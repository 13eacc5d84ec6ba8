import type { Notification, NotificationsPage } from '@quorum/shared/entities/notifications';
import type { UserFeedPage } from '@quorum/shared/entities/posts';
import { Messages } from '@quorum/shared/errors';
import { onlineManager } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, expect, test } from 'vitest';
import { deferred } from './deferred.ts';
import { makeCommunity, makePost, makePostsPage, makeSessionUser, makeUser } from './fixtures.ts';
import { renderRoute, SCREEN_LOAD } from './render-route.tsx';

afterEach(() => onlineManager.setOnline(true));

/** A finger put down on `element`, moved `distance` px straight down in a few steps, and lifted unless told not to. */
function pull(element: Element, distance: number, { lift = true } = {}) {
  const at = (y: number) => ({ touches: [{ clientX: 120, clientY: y }] });
  fireEvent.touchStart(element, at(200));
  for (const step of [4, 12, distance / 2, distance]) fireEvent.touchMove(element, at(200 + step));
  if (lift) fireEvent.touchEnd(element, { touches: [] });
}

/** The community's feed; its screen's code is loaded on first use, which can outlast a query's wait on a busy machine. */
function findFeed() {
  return screen.findByRole('list', { name: 'Posts in /sourdough' }, SCREEN_LOAD);
}

function indicatorState(): string | null {
  return document.querySelector('.pull-refresh')?.getAttribute('data-state') ?? null;
}

/** A community whose feed has one post, then, from the second read on, a newer one on top. */
function communityFeed() {
  const community = makeCommunity({ name: 'sourdough' });
  const author = makeUser();
  const older = makePost(community, author, { title: 'My starter smells of acetone' });
  const newer = makePost(community, author, { title: 'Rye flour fixed it' });
  const calls = { feed: 0 };
  const hold = { answer: Promise.resolve() };
  const handlers = [
    http.get(`/api/communities/${community.name}`, () => HttpResponse.json(community)),
    http.get('/api/posts', async () => {
      calls.feed += 1;
      if (calls.feed === 1) return HttpResponse.json(makePostsPage([older]));
      await hold.answer;
      return HttpResponse.json(makePostsPage([newer, older]));
    }),
  ];
  return { community, older, newer, calls, hold, handlers };
}

test('pulling the feed down past 120 px reads its first page again, and a shorter pull does nothing', async () => {
  const feed = communityFeed();
  const release = deferred();
  feed.hold.answer = release.promise;
  await renderRoute(`/${feed.community.name}`, { handlers: feed.handlers });
  const list = await findFeed();
  expect(await screen.findByRole('link', { name: feed.older.title })).toBeTruthy();
  expect(feed.calls.feed).toBe(1);

  // 100 px: the indicator follows, and springs back once let go, with no read.
  pull(list, 100, { lift: false });
  expect(indicatorState()).toBe('pulling');
  fireEvent.touchEnd(list, { touches: [] });
  expect(indicatorState()).toBe('idle');

  // 130 px: past the threshold; let go, it spins until the answer is in.
  pull(list, 130, { lift: false });
  expect(indicatorState()).toBe('armed');
  fireEvent.touchEnd(list, { touches: [] });
  expect(await screen.findByText('Refreshing')).toBeTruthy();
  expect(indicatorState()).toBe('refreshing');
  expect(feed.calls.feed).toBe(2);

  release.resolve();
  expect(await screen.findByRole('link', { name: feed.newer.title })).toBeTruthy();
  await waitFor(() => expect(indicatorState()).toBe('idle'));
  expect(screen.queryByText('Refreshing')).toBeNull();
  expect(screen.getByRole('link', { name: feed.older.title })).toBeTruthy();
  expect(feed.calls.feed).toBe(2);
});

test('a sideways swipe, or two fingers, never refresh', async () => {
  const feed = communityFeed();
  await renderRoute(`/${feed.community.name}`, { handlers: feed.handlers });
  const list = await findFeed();

  fireEvent.touchStart(list, { touches: [{ clientX: 40, clientY: 200 }] });
  fireEvent.touchMove(list, { touches: [{ clientX: 240, clientY: 220 }] });
  fireEvent.touchMove(list, { touches: [{ clientX: 300, clientY: 340 }] });
  fireEvent.touchEnd(list, { touches: [] });

  const twoFingers = (y: number) => ({ touches: [{ clientX: 100, clientY: y }, { clientX: 200, clientY: y }] });
  fireEvent.touchStart(list, twoFingers(200));
  fireEvent.touchMove(list, twoFingers(400));
  fireEvent.touchEnd(list, { touches: [] });

  expect(indicatorState()).toBe('idle');
  expect(feed.calls.feed).toBe(1);
});

test('no pull starts while a modal is open', async () => {
  const feed = communityFeed();
  const { events } = await renderRoute(`/${feed.community.name}`, { handlers: feed.handlers });
  const list = await findFeed();
  await events.click(screen.getByRole('button', { name: 'Join' }));
  expect(await screen.findByRole('dialog', { name: 'Login to continue' })).toBeTruthy();

  pull(list, 150, { lift: false });
  expect(indicatorState()).toBe('idle');
  fireEvent.touchEnd(list, { touches: [] });
  expect(feed.calls.feed).toBe(1);
});

test('offline, a pull says so instead of trying', async () => {
  const feed = communityFeed();
  await renderRoute(`/${feed.community.name}`, { handlers: feed.handlers });
  const list = await findFeed();

  onlineManager.setOnline(false);
  pull(list, 150);
  expect(await screen.findByText(Messages.offline)).toBeTruthy();
  expect(indicatorState()).toBe('idle');
  expect(screen.queryByText('Refreshing')).toBeNull();
  expect(feed.calls.feed).toBe(1);
});

test('a refresh that fails keeps the posts and raises one alert', async () => {
  const community = makeCommunity({ name: 'sourdough' });
  const older = makePost(community, makeUser(), { title: 'My starter smells of acetone' });
  let reads = 0;
  await renderRoute(`/${community.name}`, {
    handlers: [
      http.get(`/api/communities/${community.name}`, () => HttpResponse.json(community)),
      http.get('/api/posts', () => {
        reads += 1;
        return reads === 1
          ? HttpResponse.json(makePostsPage([older]))
          : HttpResponse.json({ status: 404, code: 'not_found', message: Messages.communityNotFound }, { status: 404 });
      }),
    ],
  });
  const list = await findFeed();

  pull(list, 140);
  expect(await screen.findByText(Messages.generic)).toBeTruthy();
  await waitFor(() => expect(indicatorState()).toBe('idle'));
  expect(screen.getAllByText(Messages.generic)).toHaveLength(1);
  expect(screen.getByRole('link', { name: older.title })).toBeTruthy();
  expect(reads).toBe(2);
});

test('the notifications page refreshes when pulled down', async () => {
  const item = (id: string, title: string): Notification => ({
    id,
    type: 'new_badge',
    seen: true,
    seenAt: null,
    createdAt: new Date().toISOString(),
    title,
    toURL: '#',
    icons: ['/favicon.png'],
  });
  const first = item('0190a0a0-0000-7000-8000-0000000000b1', 'You were given the <b>supporter</b> badge.');
  const second = item('0190a0a0-0000-7000-8000-0000000000b2', 'Welcome to <b>the forum</b>.');
  let reads = 0;
  await renderRoute('/notifications', {
    user: makeSessionUser(),
    handlers: [
      http.get('/api/notifications', () => {
        reads += 1;
        const items = reads === 1 ? [first] : [second, first];
        return HttpResponse.json({ items, next: null, count: items.length, newCount: 0 } satisfies NotificationsPage);
      }),
    ],
  });
  expect(await screen.findByText('supporter', {}, SCREEN_LOAD)).toBeTruthy();

  pull(screen.getByRole('heading', { level: 1, name: 'Notifications' }), 130);
  expect(await screen.findByText('the forum')).toBeTruthy();
  expect(reads).toBe(2);
});

test("a profile's posts refresh when pulled down", async () => {
  const community = makeCommunity({ name: 'sourdough' });
  const author = makeUser({ username: 'baker' });
  const older = makePost(community, author, { title: 'A loaf a day' });
  const newer = makePost(community, author, { title: 'Two loaves today' });
  let reads = 0;
  await renderRoute('/@baker', {
    handlers: [
      http.get('/api/users/baker', () => HttpResponse.json(author)),
      http.get('/api/users/baker/feed', () => {
        reads += 1;
        const posts = reads === 1 ? [older] : [newer, older];
        return HttpResponse.json({ items: posts.map((item) => ({ type: 'post', item })), next: null } satisfies UserFeedPage);
      }),
    ],
  });
  expect(await screen.findByRole('link', { name: older.title }, SCREEN_LOAD)).toBeTruthy();

  pull(screen.getByRole('link', { name: older.title }), 130);
  expect(await screen.findByRole('link', { name: newer.title })).toBeTruthy();
  expect(reads).toBe(2);
});
