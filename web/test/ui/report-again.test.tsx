import type { Post } from '@quorum/shared/entities/posts';
import type { Report } from '@quorum/shared/entities/reports';
import { ErrorCode, Messages, type ErrorBody } from '@quorum/shared/errors';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { makeCommunity, makePost, makePostPage, makeSessionUser, makeUser, newId } from './fixtures.ts';
import { renderRoute, SCREEN_LOAD } from './render-route.tsx';

/** The modals' code is loaded when one first opens, which can outlast a query's wait on a busy machine. */
function findDialog(name: string) {
  return screen.findByRole('dialog', { name }, SCREEN_LOAD);
}

/** POST /api/_report's answer: the stored report of the post. */
function reportOf(post: Post, reasonId: number): Report {
  return {
    id: newId(),
    communityId: post.communityId,
    postId: post.id,
    type: 'post',
    targetId: post.id,
    reason: 'Spam',
    reasonId,
    description: null,
    createdAt: '2026-03-02T12:00:00.000Z',
    actionTaken: null,
    dealtAt: null,
    dealtBy: null,
    target: post,
  };
}

/** Someone else's post on its page, with POST /api/_report answered by `answer`. */
async function renderPostToReport(answer: (post: Post, reason: number) => Response) {
  const community = makeCommunity();
  const post = makePost(community, makeUser(), { title: 'Cheap starters, DM me' });
  const reports: unknown[] = [];
  const rendered = await renderRoute(`/${community.name}/post/${post.publicId}`, {
    user: makeSessionUser(),
    handlers: [
      http.get(`/api/posts/${post.publicId}`, () => HttpResponse.json(makePostPage(post, community))),
      http.post('/api/_report', async ({ request }) => {
        const body = (await request.json()) as { reason: number };
        reports.push(body);
        return answer(post, body.reason);
      }),
    ],
  });
  const article = within(await screen.findByRole('article', { name: post.title }));
  return { ...rendered, post, reports, article };
}

describe('reporting an item a second time', () => {
  test('once a report is accepted, the Report dialog says it was reported instead of offering the reasons', async () => {
    const { events, post, reports, article } = await renderPostToReport((reported, reason) =>
      HttpResponse.json(reportOf(reported, reason), { status: 201 }),
    );

    await events.click(article.getByRole('button', { name: 'Report' }));
    let dialog = within(await findDialog('Report post'));
    await events.click(dialog.getByRole('radio', { name: /^Spam/ }));
    await events.click(dialog.getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Thanks. The moderators will take a look.')).toBeTruthy();
    expect(reports).toEqual([{ type: 'post', targetId: post.id, reason: 2 }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report post' })).toBeNull());

    await events.click(article.getByRole('button', { name: 'Report' }));
    dialog = within(await findDialog('Report post'));
    expect(dialog.getByText('You have already reported this post')).toBeTruthy();
    expect(dialog.queryAllByRole('radio')).toEqual([]);
    expect(dialog.queryByRole('button', { name: 'Report' })).toBeNull();
    await events.click(dialog.getByRole('button', { name: 'OK', description: 'You have already reported this post' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report post' })).toBeNull());
    expect(reports).toHaveLength(1);
  });

  test("the server's refusal of a report made before shows the message in place of the reasons, and the dialog opens with it next time", async () => {
    const refusal: ErrorBody = { status: 409, code: ErrorCode.alreadyReported, message: Messages.alreadyReported('post') };
    const { events, reports, article } = await renderPostToReport(() => HttpResponse.json(refusal, { status: 409 }));

    await events.click(article.getByRole('button', { name: 'Report' }));
    let dialog = within(await findDialog('Report post'));
    await events.click(dialog.getByRole('radio', { name: /^Breaks community rules/ }));
    await events.click(dialog.getByRole('button', { name: 'Report' }));

    expect(await dialog.findByText('You have already reported this post')).toBeTruthy();
    expect(dialog.queryAllByRole('radio')).toEqual([]);
    expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'OK', description: 'You have already reported this post' }));
    // The form shows the refusal itself: no alert besides.
    expect(screen.queryByText('Something went wrong.')).toBeNull();
    await events.click(dialog.getByRole('button', { name: 'OK', description: 'You have already reported this post' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report post' })).toBeNull());

    await events.click(article.getByRole('button', { name: 'Report' }));
    dialog = within(await findDialog('Report post'));
    expect(dialog.getByText('You have already reported this post')).toBeTruthy();
    expect(dialog.queryAllByRole('radio')).toEqual([]);
    expect(reports).toHaveLength(1);
  });
});
