import type { Image } from '@quorum/shared/entities/images';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { makeCommunity, makePost, makePostPage, makeUser, newId } from './fixtures.ts';
import { renderRoute, SCREEN_LOAD } from './render-route.tsx';

/** An uploaded picture as the API presents it, with the copies it makes. */
function makeImage(overrides: Partial<Image> = {}): Image {
  const id = overrides.id ?? newId();
  return {
    id,
    url: `/images/${id}.jpeg`,
    width: 1600,
    height: 1200,
    altText: null,
    averageColor: 'rgb(120,110,100)',
    format: 'jpeg',
    caption: null,
    copies: [
      { name: 'medium', url: `/images/${id}.jpeg?size=720x540&fit=contain`, width: 720, height: 540, objectFit: 'contain' },
      { name: 'tiny', url: `/images/${id}.jpeg?size=120x120&fit=cover`, width: 120, height: 120, objectFit: 'cover' },
    ],
    ...overrides,
  };
}

/** The viewer's code is loaded on its first opening, which can outlast a query's wait on a busy machine. */
function findViewer() {
  return screen.findByRole('dialog', { name: 'Image viewer' }, SCREEN_LOAD);
}

async function openImagePost(images: Image[]) {
  const community = makeCommunity();
  const post = makePost(community, makeUser(), { type: 'image', title: 'Three views of the new bike', body: '', images, image: images[0] ?? null });
  const rendered = await renderRoute(`/${community.name}/post/${post.publicId}`, {
    handlers: [http.get(`/api/posts/${post.publicId}`, () => HttpResponse.json(makePostPage(post, community)))],
  });
  // The post page's code is loaded on demand, which can outlast a query's wait on a busy machine.
  await screen.findByRole('heading', { level: 1, name: post.title }, SCREEN_LOAD);
  return { ...rendered, community, post };
}

test('a gallery picture opens full screen at that picture, with its alt text and a link to the original; Next moves on and Escape gives focus back', async () => {
  const images = [
    makeImage({ altText: 'A red bike leaning on a brick wall' }),
    makeImage({ altText: 'The same bike from the side', caption: 'Side view' }),
    makeImage(),
  ];
  const { events, router, community, post } = await openImagePost(images);

  const opener = screen.getByRole('button', { name: 'View image 1 of 3' });
  await events.click(opener);
  const viewer = within(await findViewer());
  expect(screen.getByRole('dialog', { name: 'Image viewer' }).getAttribute('aria-modal')).toBe('true');
  await waitFor(() => expect(screen.getByRole('dialog', { name: 'Image viewer' }).contains(document.activeElement)).toBe(true));

  const first = within(viewer.getByRole('group', { name: 'Image 1 of 3' }));
  expect(first.getByText('A red bike leaning on a brick wall')).toBeTruthy();
  const original = viewer.getByRole('link', { name: /Open original/ });
  expect(original.getAttribute('href')).toBe(images[0]?.url);
  expect(original.getAttribute('target')).toBe('_blank');
  expect(original.getAttribute('rel')).toContain('noopener');
  expect(viewer.getByRole('button', { name: 'Previous image' })).toHaveProperty('disabled', true);

  await events.click(viewer.getByRole('button', { name: 'Next image' }));
  await waitFor(() => expect(viewer.getByRole('link', { name: /Open original/ }).getAttribute('href')).toBe(images[1]?.url));
  const second = within(viewer.getByRole('group', { name: 'Image 2 of 3' }));
  expect(second.getByText(/The same bike from the side/)).toBeTruthy();
  expect(second.getByText(/Side view/)).toBeTruthy();

  await events.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Image viewer' })).toBeNull());
  // Focus is back on the picture's button, which now shows the picture looked at last.
  await waitFor(() => expect(document.activeElement).toBe(opener));
  expect(opener.getAttribute('aria-label')).toBe('View image 2 of 3');
  expect(router.state.location.pathname).toBe(`/${community.name}/post/${post.publicId}`);
  // The history entry the viewer added is gone with it.
  await waitFor(() => expect((window.history.state as Record<string, unknown> | null)?.lightbox).toBeUndefined());
  // The first opening also loads the viewer's code, which a busy machine transforms slowly.
}, 30_000);

test('Back closes the viewer and stays on the post', async () => {
  const images = [makeImage({ altText: 'A bike at dawn' }), makeImage({ altText: 'A bike at dusk' })];
  const { events, router, community, post } = await openImagePost(images);

  await events.click(screen.getByRole('button', { name: 'View image 1 of 2' }));
  await findViewer();
  // Opening added an entry to the history, which Back takes away.
  expect((window.history.state as Record<string, unknown> | null)?.lightbox).toBe(true);

  window.history.back();
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Image viewer' })).toBeNull());
  expect(router.state.location.pathname).toBe(`/${community.name}/post/${post.publicId}`);
  expect(screen.getByRole('heading', { level: 1, name: post.title })).toBeTruthy();
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'View image 1 of 2' })));
});

test('a single picture opens from a keyboard, with no previous or next buttons, and the close button closes it', async () => {
  const image = makeImage({ altText: 'A tandem by a canal' });
  const { events } = await openImagePost([image]);

  const opener = screen.getByRole('button', { name: 'View image' });
  opener.focus();
  await events.keyboard('{Enter}');
  const viewer = within(await findViewer());
  expect(viewer.getByText('A tandem by a canal')).toBeTruthy();
  expect(viewer.getByRole('link', { name: /Open original/ }).getAttribute('href')).toBe(image.url);
  expect(viewer.queryByRole('button', { name: 'Next image' })).toBeNull();
  expect(viewer.queryByRole('button', { name: 'Previous image' })).toBeNull();

  await events.click(viewer.getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Image viewer' })).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(opener));
});
