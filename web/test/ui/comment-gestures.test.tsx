import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, test, vi } from 'vitest';
import { makeComment, makeCommunity, makePost, makePostPage, makeSessionUser, makeUser } from './fixtures.ts';
import { renderRoute, SCREEN_LOAD } from './render-route.tsx';

function postWithComment() {
  const community = makeCommunity({ userJoined: true });
  const post = makePost(community, makeUser());
  const comment = makeComment(post, makeUser({ username: 'tomas_r' }), { body: 'Tubeless helps too.' });
  const handlers = [http.get(`/api/posts/${post.publicId}`, () => HttpResponse.json(makePostPage(post, community, [comment])))];
  return { community, post, comment, handlers };
}

/** The comment; the post page's code is loaded on first use, which can outlast a query's wait on a busy machine. */
function findComment() {
  return screen.findByRole('article', { name: 'Comment by @tomas_r' }, SCREEN_LOAD);
}

test("a tap on a comment's header collapses it, another expands it, and a tap on one of its links leaves it open", async () => {
  const { community, post, handlers } = postWithComment();
  const { events } = await renderRoute(`/${community.name}/post/${post.publicId}`, { handlers });
  const comment = await findComment();
  expect(within(comment).getByText('Tubeless helps too.')).toBeTruthy();
  const header = comment.querySelector('.comment__head');
  if (!header) throw new Error('The comment has no header.');

  await events.click(header);
  expect(within(comment).queryByText('Tubeless helps too.')).toBeNull();
  const line = screen.getAllByRole('button', { name: 'Expand comment by @tomas_r' });
  expect(line.length).toBeGreaterThan(0);
  expect(line[0]?.getAttribute('aria-expanded')).toBe('false');

  await events.click(header);
  expect(within(comment).getByText('Tubeless helps too.')).toBeTruthy();
  expect(screen.getAllByRole('button', { name: 'Collapse comment by @tomas_r' })[0]?.getAttribute('aria-expanded')).toBe('true');

  // A tap on one of its links is the link's: the comment stays open (the navigation is stopped here).
  const stopNavigation = (event: MouseEvent) => event.preventDefault();
  window.addEventListener('click', stopNavigation, { capture: true });
  await events.click(within(comment).getByRole('link', { name: '@tomas_r' }));
  window.removeEventListener('click', stopNavigation, { capture: true });
  expect(within(comment).getByText('Tubeless helps too.')).toBeTruthy();
});

test('the thread line still collapses the comment from the keyboard', async () => {
  const { community, post, handlers } = postWithComment();
  const { events } = await renderRoute(`/${community.name}/post/${post.publicId}`, { handlers });
  const comment = await findComment();
  const [line] = screen.getAllByRole('button', { name: 'Collapse comment by @tomas_r' });
  if (!line) throw new Error('The comment has no thread line.');
  line.focus();
  await events.keyboard('{Enter}');
  expect(within(comment).queryByText('Tubeless helps too.')).toBeNull();
  expect(line.getAttribute('aria-label')).toBe('Expand comment by @tomas_r');
});

test('an opened reply box, and the focused comment box, are scrolled into view as a whole', async () => {
  const { community, post, handlers } = postWithComment();
  const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
  const { events } = await renderRoute(`/${community.name}/post/${post.publicId}`, { user: makeSessionUser(), joined: [community], handlers });
  const comment = await findComment();
  scrolled.mockClear();

  await events.click(within(comment).getByRole('button', { name: 'Reply' }));
  const reply = await within(comment).findByRole('textbox', { name: 'Reply to @tomas_r' });
  expect(document.activeElement).toBe(reply);
  expect(scrolled).toHaveBeenCalledWith({ block: 'nearest' });
  expect(scrolled.mock.contexts).toContain(reply.closest('form'));

  scrolled.mockClear();
  const box = screen.getByRole('textbox', { name: 'Add a comment' });
  await events.click(box);
  expect(scrolled.mock.contexts).toContain(box.closest('form'));
  scrolled.mockRestore();
});
