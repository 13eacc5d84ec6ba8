import type { NotificationsPage } from '@quorum/shared/entities/notifications';
import type { Post } from '@quorum/shared/entities/posts';
import type { User } from '@quorum/shared/entities/users';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, expect, test } from 'vitest';
import { updateDevicePreferences } from '../../src/lib/device-preferences.ts';
import { makeComment, makeCommunity, makePost, makePostPage, makePostsPage, makeSessionUser, makeUser } from './fixtures.ts';
import { renderRoute, SCREEN_LOAD, type RenderedRoute } from './render-route.tsx';

/** A screen's code and data can take a while on a busy machine. */

interface VoteCall {
  postId: unknown;
  up: unknown;
}

/** A community's feed of three posts, newest first, with the calls voting and opening a post make. */
async function renderFeed(user: User | null) {
  const community = makeCommunity({ userJoined: user !== null });
  const author = makeUser();
  const posts = [
    makePost(community, author, { publicId: 'aaaa1111', title: 'First post of the feed' }),
    makePost(community, author, { publicId: 'bbbb2222', title: 'Second post of the feed' }),
    makePost(community, author, { publicId: 'cccc3333', title: 'Third post of the feed' }),
  ];
  const votes: VoteCall[] = [];
  const rendered = await renderRoute(`/${community.name}`, {
    user,
    joined: user ? [community] : [],
    handlers: [
      http.get(`/api/communities/${community.name}`, () => HttpResponse.json(community)),
      http.get('/api/posts', () => HttpResponse.json(makePostsPage(posts))),
      ...posts.map((post) => http.get(`/api/posts/${post.publicId}`, () => HttpResponse.json(makePostPage(post, community)))),
      http.post('/api/_postVote', async ({ request }) => {
        const body = (await request.json()) as VoteCall;
        votes.push({ postId: body.postId, up: body.up });
        const post = posts.find((item) => item.id === body.postId) as Post;
        return HttpResponse.json({ ...post, upvotes: post.upvotes + 1, userVoted: true, userVotedUp: true, vote: true });
      }),
      http.get('/api/notifications', () => HttpResponse.json({ items: [], next: null, count: 0, newCount: 0 } satisfies NotificationsPage)),
    ],
  });
  await screen.findByRole('article', { name: posts[2]?.title }, SCREEN_LOAD);
  return { ...rendered, community, posts, votes };
}

/** Waits for the router to reach `pathname`: a screen's code loads on first use, which can take a while on a busy machine. */
async function waitForPath(router: RenderedRoute['router'], pathname: string | RegExp) {
  await waitFor(() => expect(router.state.location.pathname).toMatch(pathname), SCREEN_LOAD);
}

function article(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

afterEach(() => {
  updateDevicePreferences({ keyboard_shortcuts_disabled: false });
});

test('j and k move the focus through the posts of a feed, a upvotes the one in focus and o opens it', async () => {
  const { events, router, posts, votes } = await renderFeed(makeSessionUser());

  await events.keyboard('j');
  expect(document.activeElement).toBe(article('First post of the feed'));
  await events.keyboard('j');
  expect(document.activeElement).toBe(article('Second post of the feed'));
  await events.keyboard('j');
  await events.keyboard('k');
  expect(document.activeElement).toBe(article('Second post of the feed'));

  await events.keyboard('a');
  await waitFor(() => expect(votes).toEqual([{ postId: posts[1]?.id, up: true }]));
  expect(within(article('Second post of the feed')).getByRole('button', { name: 'Upvote', pressed: true })).toBeTruthy();
  expect(within(article('First post of the feed')).getByRole('button', { name: 'Upvote', pressed: false })).toBeTruthy();

  await events.keyboard('o');
  await waitForPath(router, `/${posts[1]?.communityName}/post/bbbb2222`);
  expect(await screen.findByRole('heading', { level: 1, name: 'Second post of the feed' }, SCREEN_LOAD)).toBeTruthy();
});

test('Enter on a post in focus opens it', async () => {
  const { events, router } = await renderFeed(makeSessionUser());
  await events.keyboard('jj');
  await events.keyboard('{Enter}');
  await waitForPath(router, /\/post\/bbbb2222$/);
});

test('? lists the shortcuts in a dialog, which Escape and ? close', async () => {
  const { events } = await renderFeed(makeSessionUser());

  await events.keyboard('?');
  const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
  expect(within(dialog).getByText('Next post or comment')).toBeTruthy();
  expect(within(dialog).getByText('Go to notifications')).toBeTruthy();

  await events.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull());

  await events.keyboard('?');
  expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
  // While it is open the other keys do nothing.
  await events.keyboard('j');
  expect(document.activeElement?.closest('dialog')).toBeTruthy();
  await events.keyboard('?');
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull());
});

test('g then n goes to the notifications, and g then h home', async () => {
  const { events, router } = await renderFeed(makeSessionUser());

  await events.keyboard('gn');
  await waitForPath(router, /^\/notifications$/);
  await events.keyboard('gh');
  await waitForPath(router, /^\/$/);
});

test('keys typed into a text box, or with Ctrl held, are not shortcuts', async () => {
  const user = makeSessionUser();
  const community = makeCommunity({ userJoined: true });
  const post = makePost(community, makeUser());
  const comment = makeComment(post, makeUser({ username: 'tomas_r' }), { body: 'Tubeless helps too.' });
  const { events, router } = await renderRoute(`/${community.name}/post/${post.publicId}`, {
    user,
    joined: [community],
    handlers: [http.get(`/api/posts/${post.publicId}`, () => HttpResponse.json(makePostPage(post, community, [comment])))],
  });
  const box = await screen.findByRole('textbox', { name: 'Add a comment' }, SCREEN_LOAD);

  await events.click(box);
  await events.keyboard('jkgn?');
  expect(box).toHaveProperty('value', 'jkgn?');
  expect(document.activeElement).toBe(box);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(router.state.location.pathname).toBe(`/${community.name}/post/${post.publicId}`);

  box.blur();
  await events.keyboard('{Control>}j{/Control}');
  expect(document.activeElement).toBe(document.body);
});

test('on a post page j moves through the post and its comments, c collapses one, r opens its reply box, and r with none chosen goes to the comment box', async () => {
  const user = makeSessionUser();
  const community = makeCommunity({ userJoined: true });
  const post = makePost(community, makeUser());
  const first = makeComment(post, makeUser({ username: 'tomas_r' }), { body: 'Tubeless helps too.', noReplies: 1 });
  const reply = makeComment(post, makeUser({ username: 'ines_p' }), { body: 'Agreed, and cheaper.', parentId: first.id, depth: 1, ancestors: [first.id] });
  const second = makeComment(post, makeUser({ username: 'jonas_w' }), { body: 'Mudguards matter more.' });
  const { events } = await renderRoute(`/${community.name}/post/${post.publicId}`, {
    user,
    joined: [community],
    handlers: [http.get(`/api/posts/${post.publicId}`, () => HttpResponse.json(makePostPage(post, community, [first, reply, second])))],
  });
  await screen.findByText('Mudguards matter more.', {}, SCREEN_LOAD);
  const group = (name: string) => screen.getByRole('group', { name });

  await events.keyboard('r');
  expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Add a comment' }));
  expect(screen.getByRole('textbox', { name: 'Add a comment' })).toHaveProperty('value', '');
  (document.activeElement as HTMLElement).blur();

  // The post comes first: its keys act on it, and r goes to the comment box.
  await events.keyboard('j');
  const postArticle = screen.getByRole('article', { name: post.title });
  expect(document.activeElement).toBe(postArticle);
  await events.keyboard('r');
  expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Add a comment' }));
  postArticle.focus();

  await events.keyboard('j');
  expect(document.activeElement).toBe(group('Comment by @tomas_r'));
  await events.keyboard('j');
  expect(document.activeElement).toBe(group('Comment by @ines_p'));
  await events.keyboard('j');
  expect(document.activeElement).toBe(group('Comment by @jonas_w'));

  await events.keyboard('kk');
  expect(document.activeElement).toBe(group('Comment by @tomas_r'));
  await events.keyboard('c');
  expect(within(group('Comment by @tomas_r')).getByRole('button', { name: 'Expand comment by @tomas_r' })).toBeTruthy();
  expect(screen.queryByText('Agreed, and cheaper.')).toBeNull();
  // The collapsed reply is skipped.
  await events.keyboard('j');
  expect(document.activeElement).toBe(group('Comment by @jonas_w'));

  await events.keyboard('r');
  const replyBox = await screen.findByRole('textbox', { name: 'Reply to @jonas_w' });
  await waitFor(() => expect(document.activeElement).toBe(replyBox));
  expect(replyBox).toHaveProperty('value', '');
});

test("a visitor's a and s bring the login prompt, as the buttons do", async () => {
  const { events, votes } = await renderFeed(null);

  await events.keyboard('j');
  expect(document.activeElement).toBe(article('First post of the feed'));
  await events.keyboard('a');
  expect(await screen.findByRole('dialog', { name: 'Login to continue' })).toBeTruthy();
  await events.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Login to continue' })).toBeNull());

  await events.keyboard('s');
  expect(await screen.findByRole('dialog', { name: 'Login to continue' })).toBeTruthy();
  expect(votes).toEqual([]);
});

test('turned off in the device preferences, the keys do nothing', async () => {
  updateDevicePreferences({ keyboard_shortcuts_disabled: true });
  const { events } = await renderFeed(makeSessionUser());

  await events.keyboard('j?');
  expect(document.activeElement).toBe(document.body);
  expect(screen.queryByRole('dialog')).toBeNull();
});
