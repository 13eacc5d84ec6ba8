import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { deferred } from './deferred.ts';
import { makeCommunity, makeList, makePost, makePostPage, makeSessionUser, makeUser } from './fixtures.ts';
import { renderRoute, SCREEN_LOAD } from './render-route.tsx';

/** The modals' code is loaded when one first opens, which can outlast a query's wait on a busy machine. */
function findDialog(name: string) {
  return screen.findByRole('dialog', { name }, SCREEN_LOAD);
}

interface ItemCall {
  method: string;
  body: unknown;
}

test("the post page's Save says Saved, pressed, from the moment the post is saved to a list, and Save again once it is taken out", async () => {
  const community = makeCommunity();
  const user = makeSessionUser();
  const list = makeList(user, { displayName: 'Read later' });
  const post = makePost(community, makeUser());
  const release = deferred();
  const calls: ItemCall[] = [];
  const answerItem = async ({ request }: { request: Request }, numItems: number) => {
    calls.push({ method: request.method, body: await request.json() });
    await release.promise;
    return HttpResponse.json({ ...list, numItems });
  };
  const { events } = await renderRoute(`/${community.name}/post/${post.publicId}`, {
    user,
    lists: [list],
    handlers: [
      http.get(`/api/posts/${post.publicId}`, () => HttpResponse.json(makePostPage(post, community))),
      http.get('/api/lists/_saved_to', () => HttpResponse.json([])),
      http.post(`/api/lists/${list.id}/items`, (info) => answerItem(info, 1)),
      http.delete(`/api/lists/${list.id}/items`, (info) => answerItem(info, 0)),
    ],
  });
  const article = within(await screen.findByRole('article', { name: post.title }));
  const save = article.getByRole('button', { name: 'Save', pressed: false });
  expect(save.textContent).toBe('Save');

  await events.click(save);
  const dialog = within(await findDialog('Save to list'));
  await events.click(await dialog.findByRole('checkbox', { name: /Read later/, checked: false }));

  // Sent, not yet answered: the button already says the post is saved.
  await waitFor(() => expect(calls).toHaveLength(1));
  expect(calls[0]).toEqual({ method: 'POST', body: { targetId: post.id, targetType: 'post' } });
  expect(save.getAttribute('aria-pressed')).toBe('true');
  expect(save.textContent).toBe('Saved');

  release.resolve();
  expect(await screen.findByText('Saved to Read later')).toBeTruthy();
  await events.click(screen.getByRole('button', { name: 'Close' }));
  expect(article.getByRole('button', { name: 'Save', pressed: true }).textContent).toBe('Saved');

  await events.click(save);
  await events.click(await within(await findDialog('Save to list')).findByRole('checkbox', { name: /Read later/, checked: true }));
  expect(await screen.findByText('Removed from Read later')).toBeTruthy();
  expect(calls.map((call) => call.method)).toEqual(['POST', 'DELETE']);
  expect(save.getAttribute('aria-pressed')).toBe('false');
  expect(save.textContent).toBe('Save');
});

test('a post already in one of the lists opens with Saved', async () => {
  const community = makeCommunity();
  const user = makeSessionUser();
  const list = makeList(user);
  const post = makePost(community, makeUser());
  await renderRoute(`/${community.name}/post/${post.publicId}`, {
    user,
    lists: [list],
    handlers: [
      http.get(`/api/posts/${post.publicId}`, () => HttpResponse.json(makePostPage(post, community))),
      http.get('/api/lists/_saved_to', ({ request }) =>
        HttpResponse.json(new URL(request.url).searchParams.get('id') === post.id ? [list.id] : []),
      ),
    ],
  });
  const article = within(await screen.findByRole('article', { name: post.title }));
  const save = await article.findByRole('button', { name: 'Save', pressed: true });
  expect(save.textContent).toBe('Saved');
});
