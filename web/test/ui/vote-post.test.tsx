import type { Post } from '@quorum/shared/entities/posts';
import { ErrorCode, Messages, type ErrorBody } from '@quorum/shared/errors';
import { CSRF_REQUEST_HEADER, IDEMPOTENCY_KEY_HEADER } from '@quorum/shared/http-names';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { deferred, type Deferred } from './deferred.ts';
import { makeCommunity, makePost, makePostPage, makeSessionUser, makeUser } from './fixtures.ts';
import { CSRF_TOKEN, renderRoute } from './render-route.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface VoteCall {
  body: unknown;
  idempotencyKey: string | null;
  csrfToken: string | null;
}

/** The post page of a post scored 10 (12 up, 2 down), with POST /api/_postVote held until `release`. */
async function renderPostToVoteOn(answer: (post: Post) => Response, release: Deferred) {
  const community = makeCommunity({ userJoined: true });
  const post = makePost(community, makeUser(), { upvotes: 12, downvotes: 2 });
  const calls: VoteCall[] = [];
  const rendered = await renderRoute(`/${community.name}/post/${post.publicId}`, {
    user: makeSessionUser(),
    joined: [community],
    handlers: [
      http.get(`/api/posts/${post.publicId}`, () => HttpResponse.json(makePostPage(post, community))),
      http.post('/api/_postVote', async ({ request }) => {
        calls.push({
          body: await request.json(),
          idempotencyKey: request.headers.get(IDEMPOTENCY_KEY_HEADER),
          csrfToken: request.headers.get(CSRF_REQUEST_HEADER),
        });
        await release.promise;
        return answer(post);
      }),
    ],
  });
  return { ...rendered, post, calls };
}

/** The innermost element whose whole text is `text`: the score's number and " points" are separate nodes. */
function wholeText(text: string) {
  const matches = (_content: string, element: Element | null) =>
    element?.textContent === text && ![...element.children].some((child) => child.textContent === text);
  // Named in a failure's message by the text it looks for.
  matches.toString = () => `"${text}"`;
  return matches;
}

async function findPost(post: Post) {
  return within(await screen.findByRole('article', { name: post.title }));
}

describe('voting on a post', () => {
  test('the vote shows at once, is sent once with its idempotency key, and stays when the server agrees', async () => {
    const release = deferred();
    const { events, post, calls } = await renderPostToVoteOn(
      (voted) => HttpResponse.json({ ...voted, upvotes: 13, userVoted: true, userVotedUp: true, vote: true }),
      release,
    );
    const article = await findPost(post);
    expect(article.getByText(wholeText('10 points'))).toBeTruthy();

    await events.click(article.getByRole('button', { name: 'Upvote', pressed: false }));

    // The server has the vote but has not answered: the page already shows it.
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(article.getByRole('button', { name: 'Upvote', pressed: true })).toBeTruthy();
    expect(article.getByRole('button', { name: 'Downvote', pressed: false })).toBeTruthy();
    expect(article.getByText(wholeText('11 points'))).toBeTruthy();
    expect(calls[0]).toEqual({ body: { postId: post.id, up: true }, idempotencyKey: expect.stringMatching(UUID), csrfToken: CSRF_TOKEN });

    release.resolve();

    // The server's count reaches the parts that show only what it said (the share of upvotes).
    expect(await article.findByRole('meter', { name: 'Upvoted', value: { text: '87% upvoted' } })).toBeTruthy();
    expect(article.getByRole('button', { name: 'Upvote', pressed: true })).toBeTruthy();
    expect(article.getByText(wholeText('11 points'))).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Changes not sent yet' })).toBeNull();
    expect(calls).toHaveLength(1);
  });

  test('a vote the server refuses goes back, and the failure is announced', async () => {
    const release = deferred();
    const refusal: ErrorBody = { status: 403, code: ErrorCode.bannedFromCommunity, message: Messages.bannedFromCommunity };
    const { events, post, calls } = await renderPostToVoteOn(() => HttpResponse.json(refusal, { status: 403 }), release);
    const article = await findPost(post);

    await events.click(article.getByRole('button', { name: 'Downvote', pressed: false }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(article.getByRole('button', { name: 'Downvote', pressed: true })).toBeTruthy();
    expect(article.getByText(wholeText('9 points'))).toBeTruthy();
    expect(calls[0]?.body).toEqual({ postId: post.id, up: false });

    release.resolve();

    expect(await screen.findByText('Something went wrong.')).toBeTruthy();
    expect(article.getByRole('button', { name: 'Downvote', pressed: false })).toBeTruthy();
    expect(article.getByRole('button', { name: 'Upvote', pressed: false })).toBeTruthy();
    expect(article.getByText(wholeText('10 points'))).toBeTruthy();
    // A refusal of a fresh vote is not kept to be retried.
    expect(screen.queryByRole('region', { name: 'Changes not sent yet' })).toBeNull();
  });
});
