import { IDEMPOTENCY_KEY_HEADER } from '@quorum/shared/http-names';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { deferred } from './deferred.ts';
import { makeComment, makeCommunity, makePost, makePostPage, makeSessionUser, makeUser } from './fixtures.ts';
import { renderRoute } from './render-route.tsx';

interface CommentCall {
  body: unknown;
  userGroup: string | null;
  idempotencyKey: string | null;
}

test('a new comment shows at once while it is sent, then joins the thread as posted', async () => {
  const user = makeSessionUser({ username: 'lena_h' });
  const community = makeCommunity({ userJoined: true });
  const post = makePost(community, makeUser());
  const existing = makeComment(post, makeUser({ username: 'tomas_r' }), { body: 'Tubeless helps too.' });
  const text = 'Go wider: 28 mm.';
  const release = deferred();
  const calls: CommentCall[] = [];
  const { events } = await renderRoute(`/${community.name}/post/${post.publicId}`, {
    user,
    joined: [community],
    handlers: [
      http.get(`/api/posts/${post.publicId}`, () => HttpResponse.json(makePostPage(post, community, [existing]))),
      http.post(`/api/posts/${post.publicId}/comments`, async ({ request }) => {
        calls.push({
          body: await request.json(),
          userGroup: new URL(request.url).searchParams.get('userGroup'),
          idempotencyKey: request.headers.get(IDEMPOTENCY_KEY_HEADER),
        });
        await release.promise;
        return HttpResponse.json(makeComment(post, user, { body: text, upvotes: 1, userVoted: true, userVotedUp: true }), { status: 201 });
      }),
    ],
  });
  const comments = within(await screen.findByRole('region', { name: '1 comment' }));
  expect(comments.getByText('Tubeless helps too.')).toBeTruthy();

  await events.type(comments.getByRole('textbox', { name: 'Add a comment' }), text);
  await events.click(comments.getByRole('button', { name: 'Comment' }));

  // Sent, not yet answered: the comment waits in its own list, and the box waits with it.
  await waitFor(() => expect(calls).toHaveLength(1));
  const waiting = within(comments.getByRole('list', { name: 'Comments not sent yet' }));
  expect(waiting.getByText(text)).toBeTruthy();
  expect(comments.getByRole('button', { name: 'Comment' })).toHaveProperty('disabled', true);
  expect(calls[0]).toEqual({ body: { body: text, parentCommentId: null }, userGroup: 'normal', idempotencyKey: expect.any(String) });

  release.resolve();

  // Posted: in the thread under the count the server's answer raised, and the box is empty again.
  expect(await screen.findByRole('region', { name: '2 comments' })).toBeTruthy();
  const mine = within(comments.getByRole('article', { name: 'Comment by @lena_h' }));
  expect(mine.getByText(text)).toBeTruthy();
  expect(comments.queryByRole('list', { name: 'Comments not sent yet' })).toBeNull();
  await waitFor(() => expect(comments.getByRole('textbox', { name: 'Add a comment' })).toHaveProperty('value', ''));
  expect(comments.getByRole('button', { name: 'Comment' })).toHaveProperty('disabled', false);
  expect(calls).toHaveLength(1);
});
