import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { makeCommunity, makePost, makePostPage, makePostsPage, makeSessionUser, makeUser } from './fixtures.ts';
import { renderRoute, SCREEN_LOAD } from './render-route.tsx';

test("deleting one's own post says so and lands on the community's page", async () => {
  const community = makeCommunity({ name: 'sourdough', userJoined: true });
  const user = makeSessionUser();
  const post = makePost(community, user, { title: 'My starter smells of acetone' });
  const deletes: string[] = [];
  const { events, router } = await renderRoute(`/${community.name}/post/${post.publicId}`, {
    user,
    joined: [community],
    handlers: [
      http.get(`/api/posts/${post.publicId}`, () => HttpResponse.json(makePostPage(post, community))),
      http.delete(`/api/posts/${post.publicId}`, ({ request }) => {
        deletes.push(new URL(request.url).search);
        return HttpResponse.json({ ...post, body: '', deleted: true, deletedAt: '2026-03-02T12:00:00.000Z', deletedAs: 'normal' });
      }),
      http.get(`/api/communities/${community.name}`, () => HttpResponse.json(community)),
      http.get('/api/posts', () => HttpResponse.json(makePostsPage([]))),
    ],
  });
  expect(await screen.findByRole('heading', { level: 1, name: post.title })).toBeTruthy();

  await events.click(screen.getByRole('button', { name: 'Manage post' }));
  await events.click(await screen.findByRole('menuitem', { name: 'Delete' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Are you sure?' }));
  await events.click(dialog.getByRole('button', { name: 'Delete' }));

  expect(await screen.findByText('Post deleted.')).toBeTruthy();
  // The community's screen is loaded on demand, which can outlast a query's wait on a busy machine.
  expect(await screen.findByRole('heading', { level: 1, name: community.name }, SCREEN_LOAD)).toBeTruthy();
  expect(router.state.location.pathname).toBe(`/${community.name}`);
  expect(deletes).toEqual(['?deleteAs=normal']);
  expect(screen.queryByText('Deleted by author.')).toBeNull();
  // The page of the deleted post was replaced: going back does not return to it.
  expect(router.state.historyAction).toBe('REPLACE');
});

test("a moderator who deletes someone's post stays on its page, which shows it deleted", async () => {
  const community = makeCommunity({ name: 'sourdough', userJoined: true, userMod: true });
  const post = makePost(community, makeUser(), { title: 'Buy cheap starters here' });
  const { events, router } = await renderRoute(`/${community.name}/post/${post.publicId}`, {
    user: makeSessionUser(),
    joined: [community],
    handlers: [
      http.get(`/api/posts/${post.publicId}`, () => HttpResponse.json(makePostPage(post, community))),
      http.get(`/api/communities/${community.name}`, () => HttpResponse.json(community)),
      http.delete(`/api/posts/${post.publicId}`, () =>
        HttpResponse.json({ ...post, body: '', deleted: true, deletedAt: '2026-03-02T12:00:00.000Z', deletedAs: 'mods' }),
      ),
    ],
  });
  expect(await screen.findByRole('heading', { level: 1, name: post.title })).toBeTruthy();

  await events.click(screen.getByRole('button', { name: 'Manage post' }));
  await events.click(await screen.findByRole('menuitem', { name: 'Delete as mod' }));
  await events.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }));

  expect(await screen.findByText('Deleted by mods.')).toBeTruthy();
  expect(router.state.location.pathname).toBe(`/${community.name}/post/${post.publicId}`);
  expect(screen.queryByText('Post deleted.')).toBeNull();
});
