import { IDEMPOTENCY_KEY_HEADER } from '@quorum/shared/http-names';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { deferred } from './deferred.ts';
import { makeCommunity, makePost, makePostsPage, makeSessionUser, makeUser } from './fixtures.ts';
import { renderRoute } from './render-route.tsx';

interface JoinCall {
  body: unknown;
  idempotencyKey: string | null;
}

test('joining a community shows Joined at once, and the sidebar lists it once the server has the join', async () => {
  const community = makeCommunity({ name: 'sourdough', noMembers: 412 });
  const release = deferred();
  const calls: JoinCall[] = [];
  const { events } = await renderRoute(`/${community.name}`, {
    user: makeSessionUser(),
    handlers: [
      http.get(`/api/communities/${community.name}`, () => HttpResponse.json(community)),
      http.get('/api/posts', ({ request }) =>
        new URL(request.url).searchParams.get('communityId') === community.id
          ? HttpResponse.json(makePostsPage([makePost(community, makeUser(), { title: 'My starter smells of acetone' })]))
          : HttpResponse.json(makePostsPage([])),
      ),
      http.post('/api/_joinCommunity', async ({ request }) => {
        calls.push({ body: await request.json(), idempotencyKey: request.headers.get(IDEMPOTENCY_KEY_HEADER) });
        await release.promise;
        return HttpResponse.json({ ...community, userJoined: true, noMembers: 413 });
      }),
    ],
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'sourdough' })).toBeTruthy();
  expect(await screen.findByRole('link', { name: 'My starter smells of acetone' })).toBeTruthy();
  expect(screen.getByText('412 members')).toBeTruthy();
  const sidebar = within(screen.getByRole('complementary', { name: 'Sidebar' }));
  expect(sidebar.getByText("You haven't joined any communities yet.", { exact: false })).toBeTruthy();

  await events.click(screen.getByRole('button', { name: 'Join' }));

  // Sent, not yet answered: the button says Joined already.
  await waitFor(() => expect(calls).toHaveLength(1));
  expect(screen.getByRole('button', { name: 'Joined' })).toBeTruthy();
  expect(sidebar.queryByRole('link', { name: 'sourdough' })).toBeNull();
  expect(calls[0]).toEqual({ body: { communityId: community.id, leave: false }, idempotencyKey: expect.any(String) });

  release.resolve();

  // The server's answer reaches the header's count and the sidebar's list.
  expect(await sidebar.findByRole('link', { name: 'sourdough' })).toBeTruthy();
  expect(screen.getByText('413 members')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Joined' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
  expect(calls).toHaveLength(1);
});
