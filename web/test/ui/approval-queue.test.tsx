import type { HeldItem, HeldPage } from '@quorum/shared/entities/automod';
import type { ModLogPage } from '@quorum/shared/entities/modlog';
import { ErrorCode, Messages, type ErrorBody } from '@quorum/shared/errors';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { makeComment, makeCommunity, makeModAction, makePost, makePostPage, makeSessionUser, makeUser } from './fixtures.ts';
import { renderRoute, SCREEN_LOAD } from './render-route.tsx';

const HELD_AT = '2026-03-02T10:00:00.000Z';

interface HeldCall {
  itemId: string;
  body: unknown;
}

/**
 * The community's approval queue as the server keeps it: GET answers what still waits (in pages of
 * `pageSize`, the cursor being the index of the next item), POST takes an item out and records the
 * call; items in `handledElsewhere` were acted on by another moderator, so POST answers 404.
 */
function heldQueue(communityId: string, waiting: HeldItem[], { pageSize = 25, handledElsewhere = [] as string[] } = {}) {
  const items = [...waiting];
  const calls: HeldCall[] = [];
  const asked: (string | null)[] = [];
  const handlers = [
    http.get(`/api/communities/${communityId}/held`, ({ request }) => {
      const next = new URL(request.url).searchParams.get('next');
      asked.push(next);
      const start = next ? Number(next) : 0;
      const end = start + pageSize;
      return HttpResponse.json({ items: items.slice(start, end), count: items.length, next: end < items.length ? String(end) : null } satisfies HeldPage);
    }),
    http.post<{ itemId: string }>(`/api/communities/${communityId}/held/:itemId`, async ({ params, request }) => {
      calls.push({ itemId: params.itemId, body: await request.json() });
      const index = items.findIndex((item) => (item.comment?.id ?? item.post.id) === params.itemId);
      // Another moderator acted on it between this one's read and click.
      if (handledElsewhere.includes(params.itemId) && index !== -1) items.splice(index, 1);
      if (index === -1 || handledElsewhere.includes(params.itemId)) {
        return HttpResponse.json({ status: 404, code: ErrorCode.notFound, message: Messages.notHeld } satisfies ErrorBody, { status: 404 });
      }
      items.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, calls, asked };
}

function queueLink(): HTMLElement {
  return within(screen.getByRole('navigation', { name: 'Mod tools' })).getByRole('link', { name: /^Approval queue/ });
}

describe('the approval queue in mod tools', () => {
  const mod = makeSessionUser({ username: 'alice' });
  const community = makeCommunity({ name: 'sourdough', userJoined: true, userMod: true, mods: [{ id: mod.id, username: mod.username }] });
  const newcomer = makeUser({ username: 'newbie_1' });
  const heldPost = makePost(community, newcomer, { publicId: 'Hq7pZ2', title: 'Cheap starters, click here', held: true });
  const publicPost = makePost(community, makeUser(), { publicId: 'Pb9xK1', title: 'My first loaf' });
  const heldComment = makeComment(publicPost, newcomer, { body: 'Nice crumb! Visit my shop.', held: true });
  const postItem: HeldItem = { type: 'post', post: heldPost, comment: null, reason: 'No spam', heldAt: HELD_AT };
  const commentItem: HeldItem = { type: 'comment', post: publicPost, comment: heldComment, reason: Messages.newMemberRule, heldAt: HELD_AT };
  const communityAnswer = http.get(`/api/communities/${community.name}`, () => HttpResponse.json(community));
  const queuePath = `/${community.name}/modtools/queue`;

  test('lists a held post and a held comment, each with why it was held, and counts them in the navigation', async () => {
    const queue = heldQueue(community.id, [postItem, commentItem]);
    await renderRoute(queuePath, { user: mod, joined: [community], handlers: [communityAnswer, ...queue.handlers] });

    expect(await screen.findByRole('heading', { level: 2, name: 'Approval queue' }, SCREEN_LOAD)).toBeTruthy();
    const post = within(await screen.findByRole('article', { name: `Held post: ${heldPost.title}` }, SCREEN_LOAD));
    expect(post.getByText('Held: rule “No spam”')).toBeTruthy();
    expect(post.getByRole('link', { name: heldPost.title }).getAttribute('href')).toBe(`/${community.name}/post/${heldPost.publicId}`);
    expect(post.getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(post.getByRole('button', { name: 'Remove' })).toBeTruthy();

    const comment = within(screen.getByRole('article', { name: `Held comment by @${newcomer.username}` }));
    expect(comment.getByText('Held: New member')).toBeTruthy();
    expect(comment.getByText('Nice crumb! Visit my shop.')).toBeTruthy();
    expect(comment.getByRole('link', { name: publicPost.title }).getAttribute('href')).toBe(`/${community.name}/post/${publicPost.publicId}`);

    await waitFor(() => expect(queueLink().textContent).toContain('2'));
    expect(queueLink().getAttribute('aria-current')).toBe('page');
    // The list and the badge read one query: the queue is asked for once.
    expect(queue.asked).toEqual([null]);
  });

  test('Approve takes the item off the list with a notice, and the badge counts one fewer', async () => {
    const queue = heldQueue(community.id, [postItem, commentItem]);
    const { events } = await renderRoute(queuePath, { user: mod, joined: [community], handlers: [communityAnswer, ...queue.handlers] });
    const post = await screen.findByRole('article', { name: `Held post: ${heldPost.title}` }, SCREEN_LOAD);

    await events.click(within(post).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: `Held post: ${heldPost.title}` })).toBeNull());
    expect(queue.calls).toEqual([{ itemId: heldPost.id, body: { action: 'approve', reason: null } }]);
    await waitFor(() => expect(queueLink().textContent).toContain('1'));

    // The focus goes on to the next item's Approve, and to the empty note after the last.
    const comment = screen.getByRole('article', { name: `Held comment by @${newcomer.username}` });
    const next = within(comment).getByRole('button', { name: 'Approve' });
    await waitFor(() => expect(document.activeElement).toBe(next));
    await events.keyboard('{Enter}');
    const empty = await screen.findByText('Nothing is waiting for approval.');
    await waitFor(() => expect(document.activeElement).toBe(empty));
    expect(queue.calls[1]).toEqual({ itemId: heldComment.id, body: { action: 'approve', reason: null } });
    // Nothing waits: no badge.
    await waitFor(() => expect(queueLink().textContent).toBe('Approval queue'));
  });

  test('Remove asks for an optional reason and sends it', async () => {
    const queue = heldQueue(community.id, [commentItem]);
    const { events } = await renderRoute(queuePath, { user: mod, joined: [community], handlers: [communityAnswer, ...queue.handlers] });
    const comment = await screen.findByRole('article', { name: `Held comment by @${newcomer.username}` }, SCREEN_LOAD);

    await events.click(within(comment).getByRole('button', { name: 'Remove' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove this comment?' }));
    await events.type(dialog.getByRole('textbox', { name: 'Reason (optional)' }), 'Advertising.');
    await events.click(dialog.getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Removed.')).toBeTruthy();
    expect(await screen.findByText('Nothing is waiting for approval.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(queue.calls).toEqual([{ itemId: heldComment.id, body: { action: 'remove', reason: 'Advertising.' } }]);
  });

  test('an item another moderator handled first leaves the list with the server\'s reason', async () => {
    const queue = heldQueue(community.id, [postItem, commentItem], { handledElsewhere: [heldPost.id] });
    const { events } = await renderRoute(queuePath, { user: mod, joined: [community], handlers: [communityAnswer, ...queue.handlers] });
    const post = await screen.findByRole('article', { name: `Held post: ${heldPost.title}` }, SCREEN_LOAD);

    await events.click(within(post).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(Messages.notHeld)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: `Held post: ${heldPost.title}` })).toBeNull());
    expect(screen.queryByText('Approved.')).toBeNull();
    expect(screen.getByRole('article', { name: `Held comment by @${newcomer.username}` })).toBeTruthy();
    await waitFor(() => expect(queueLink().textContent).toContain('1'));
  });

  test('Load more asks for the next page with the cursor of the last one', async () => {
    const queue = heldQueue(community.id, [postItem, commentItem], { pageSize: 1 });
    const { events } = await renderRoute(queuePath, { user: mod, joined: [community], handlers: [communityAnswer, ...queue.handlers] });
    expect(await screen.findByRole('article', { name: `Held post: ${heldPost.title}` }, SCREEN_LOAD)).toBeTruthy();
    expect(screen.queryByRole('article', { name: `Held comment by @${newcomer.username}` })).toBeNull();
    // The count is of everything waiting, not of the page.
    await waitFor(() => expect(queueLink().textContent).toContain('2'));

    await events.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: `Held comment by @${newcomer.username}` })).toBeTruthy();
    expect(queue.asked).toEqual([null, '1']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  test('says when nothing waits, with no badge', async () => {
    const queue = heldQueue(community.id, []);
    await renderRoute(queuePath, { user: mod, joined: [community], handlers: [communityAnswer, ...queue.handlers] });
    expect(await screen.findByText('Nothing is waiting for approval.', {}, SCREEN_LOAD)).toBeTruthy();
    expect(queueLink().textContent).toBe('Approval queue');
  });
});

describe('what the author of held content sees', () => {
  const author = makeSessionUser({ username: 'newbie_1' });
  const community = makeCommunity({ name: 'sourdough', userJoined: true });
  const communityAnswer = http.get(`/api/communities/${community.name}`, () => HttpResponse.json(community));

  test('their held post is marked as awaiting approval and cannot be voted on', async () => {
    const post = makePost(community, author, { title: 'My starter died', held: true });
    await renderRoute(`/${community.name}/post/${post.publicId}`, {
      user: author,
      joined: [community],
      handlers: [communityAnswer, http.get(`/api/posts/${post.publicId}`, () => HttpResponse.json(makePostPage(post, community)))],
    });
    const page = within(await screen.findByRole('article', { name: post.title }, SCREEN_LOAD));
    expect(page.getByRole('note').textContent).toBe('Awaiting approval — only you and the moderators can see this post.');
    expect(page.getByRole('button', { name: 'Upvote' })).toHaveProperty('disabled', true);
    expect(page.getByRole('button', { name: 'Downvote' })).toHaveProperty('disabled', true);
  });

  test('a held comment is marked in the thread and cannot be replied to', async () => {
    const post = makePost(community, makeUser());
    const mine = makeComment(post, author, { body: 'Feed it twice a day.', held: true });
    await renderRoute(`/${community.name}/post/${post.publicId}`, {
      user: author,
      joined: [community],
      handlers: [communityAnswer, http.get(`/api/posts/${post.publicId}`, () => HttpResponse.json(makePostPage(post, community, [mine])))],
    });
    const comment = within(await screen.findByRole('article', { name: `Comment by @${author.username}` }, SCREEN_LOAD));
    expect(comment.getByText('Awaiting approval')).toBeTruthy();
    expect(comment.queryByRole('button', { name: 'Reply' })).toBeNull();
    expect(comment.getByRole('button', { name: 'Upvote' })).toHaveProperty('disabled', true);
  });

  test('a comment held when sent is announced and shows in the thread with its mark', async () => {
    const post = makePost(community, makeUser());
    const text = 'Try a warmer spot.';
    const { events } = await renderRoute(`/${community.name}/post/${post.publicId}`, {
      user: author,
      joined: [community],
      handlers: [
        communityAnswer,
        http.get(`/api/posts/${post.publicId}`, () => HttpResponse.json(makePostPage(post, community))),
        http.post(`/api/posts/${post.publicId}/comments`, () => HttpResponse.json(makeComment(post, author, { body: text, held: true }), { status: 201 })),
      ],
    });
    const comments = within(await screen.findByRole('region', { name: '0 comments' }, SCREEN_LOAD));
    await events.type(comments.getByRole('textbox', { name: 'Add a comment' }), text);
    await events.click(comments.getByRole('button', { name: 'Comment' }));

    expect(await screen.findByText('Your comment is awaiting approval by the moderators.')).toBeTruthy();
    const mine = within(await comments.findByRole('article', { name: `Comment by @${author.username}` }));
    expect(mine.getByText(text)).toBeTruthy();
    expect(mine.getByText('Awaiting approval')).toBeTruthy();
    // Not counted until it is approved.
    expect(screen.getByRole('region', { name: '0 comments' })).toBeTruthy();
  });

  test('a comment a watched word refuses shows the rule it breaks under the box', async () => {
    const post = makePost(community, makeUser());
    const message = Messages.blockedByRule('No spam');
    const { events } = await renderRoute(`/${community.name}/post/${post.publicId}`, {
      user: author,
      joined: [community],
      handlers: [
        communityAnswer,
        http.get(`/api/posts/${post.publicId}`, () => HttpResponse.json(makePostPage(post, community))),
        http.post(`/api/posts/${post.publicId}/comments`, () =>
          HttpResponse.json({ status: 403, code: ErrorCode.blockedByRule, message } satisfies ErrorBody, { status: 403 }),
        ),
      ],
    });
    const comments = within(await screen.findByRole('region', { name: '0 comments' }, SCREEN_LOAD));
    await events.type(comments.getByRole('textbox', { name: 'Add a comment' }), 'Buy cheap followers');
    await events.click(comments.getByRole('button', { name: 'Comment' }));

    const error = await comments.findByRole('alert');
    expect(error.textContent).toBe(message);
    // Refused for good: nothing waits to be sent again.
    expect(comments.queryByRole('list', { name: 'Comments not sent yet' })).toBeNull();
  });
});

test('the moderation log shows what automatic moderation did as "Automatic moderation", with the rule', async () => {
  const community = makeCommunity({ name: 'sourdough' });
  const page: ModLogPage = {
    actions: [
      makeModAction(community, {
        actor: null,
        actorGroup: 'automatic',
        kind: 'hold_post',
        target: { type: 'post', id: 'p1', label: 'Cheap starters, click here', url: '/sourdough/post/Hq7pZ2' },
        reason: 'No spam',
      }),
      makeModAction(community, { actor: null, actorGroup: 'automatic', kind: 'block_content', target: { type: 'user', id: 'u1', label: 'spammer', url: '/@spammer' }, reason: 'No links' }),
      makeModAction(community, { actor: 'alice', kind: 'approve_comment', target: { type: 'comment', id: 'c1', label: 'Nice crumb!', url: null } }),
      makeModAction(community, { actor: 'alice', kind: 'edit_automod', target: { type: 'automod', id: community.id, label: community.name, url: null } }),
    ],
    next: null,
  };
  await renderRoute(`/${community.name}/modlog`, {
    handlers: [
      http.get(`/api/communities/${community.name}`, () => HttpResponse.json(community)),
      http.get(`/api/communities/${community.id}/modlog`, () => HttpResponse.json(page)),
    ],
  });
  const list = await screen.findByRole('list', { name: 'Moderation actions' }, SCREEN_LOAD);
  const entry = (index: number): HTMLElement => {
    const item = within(list).getAllByRole('listitem')[index];
    if (!item) throw new Error(`No entry ${index}`);
    return item;
  };

  const held = entry(0);
  expect(held.textContent).toContain('Automatic moderation held the post "Cheap starters, click here" for approval.');
  expect(held.textContent).toContain('Reason: No spam');
  expect(within(held).getByRole('link', { name: '"Cheap starters, click here"' }).getAttribute('href')).toBe('/sourdough/post/Hq7pZ2');
  expect(within(held).queryByRole('link', { name: /Automatic/ })).toBeNull();
  expect(entry(1).textContent).toContain('Automatic moderation refused a post or comment by @spammer.');
  expect(entry(1).textContent).toContain('Reason: No links');
  expect(entry(2).textContent).toContain('@alice approved the comment "Nice crumb!".');
  expect(entry(3).textContent).toContain('@alice edited the watched words of /sourdough.');

  // The new kinds can be picked in the filter.
  const kinds = within(screen.getByRole('combobox', { name: 'Action' }))
    .getAllByRole('option')
    .map((option) => option.textContent);
  expect(kinds).toEqual(expect.arrayContaining(['Posts held for approval', 'Comments approved', 'Automatic reports', 'Watched words edited']));
});
