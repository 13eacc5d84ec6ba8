import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { deferred } from './deferred.ts';
import { makeCommunity, makePost, makeSessionUser } from './fixtures.ts';
import { renderRoute, SCREEN_LOAD } from './render-route.tsx';

test('Post waits for the chosen community to load, then posts in it', async () => {
  const community = makeCommunity({ name: 'sourdough', userJoined: false });
  const user = makeSessionUser();
  const answer = deferred();
  const created: unknown[] = [];
  const { events } = await renderRoute(`/new?community=${community.name}`, {
    user,
    handlers: [
      http.get(`/api/communities/${community.name}`, async () => {
        await answer.promise;
        return HttpResponse.json(community);
      }),
      // The draft kept as the title is typed, and thrown away once posted.
      http.get('/api/drafts', () => HttpResponse.json({ drafts: [], deleted: [] })),
      http.put('/api/drafts/:key', ({ params }) => HttpResponse.json({ key: params.key })),
      http.delete('/api/drafts/:key', () => new HttpResponse(null, { status: 204 })),
      http.post('/api/posts', async ({ request }) => {
        created.push(await request.json());
        return HttpResponse.json(makePost(community, user, { title: 'A loaf a day' }), { status: 201 });
      }),
    ],
  });
  await events.type(await screen.findByLabelText('Title', {}, SCREEN_LOAD), 'A loaf a day');
  const post = screen.getByRole('button', { name: 'Post' }) as HTMLButtonElement;
  // The community is named but not loaded yet: Post cannot be pressed, and says nothing is missing.
  expect(post.disabled).toBe(true);
  await events.keyboard('{Control>}{Enter}{/Control}');
  expect(created).toEqual([]);
  expect(screen.queryByText('Select a community first')).toBeNull();

  answer.resolve();
  await waitFor(() => expect(post.disabled).toBe(false));
  await events.click(post);
  await waitFor(() => expect(created).toHaveLength(1));
  expect(created[0]).toMatchObject({ community: community.name, title: 'A loaf a day' });
});
