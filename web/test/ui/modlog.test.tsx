import type { ModLogPage } from '@quorum/shared/entities/modlog';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, onTestFinished, test } from 'vitest';
import { updateDevicePreferences } from '../../src/lib/device-preferences.ts';
import { makeCommunity, makeModAction, makePost, makePostPage, makeSessionUser, makeUser } from './fixtures.ts';
import { renderRoute, SCREEN_LOAD } from './render-route.tsx';

const HOUR = 3_600_000;

/** GET /api/communities/{id}/modlog answering `pages` in turn (the last one again after that), recording each call's query. */
function communityLog(communityId: string, pages: ModLogPage[], asked: URLSearchParams[] = []) {
  return http.get(`/api/communities/${communityId}/modlog`, ({ request }) => {
    asked.push(new URL(request.url).searchParams);
    return HttpResponse.json(pages[Math.min(asked.length, pages.length) - 1]);
  });
}

function entries(): HTMLElement[] {
  return within(screen.getByRole('list', { name: 'Moderation actions' })).getAllByRole('listitem');
}

/** The log's entries once shown, in order. */
async function shownEntries(count: number): Promise<HTMLElement[]> {
  await screen.findByRole('list', { name: 'Moderation actions' }, SCREEN_LOAD);
  const items = entries();
  expect(items).toHaveLength(count);
  return items;
}

function at(items: HTMLElement[], index: number): HTMLElement {
  const item = items[index];
  if (!item) throw new Error(`No entry ${index}`);
  return item;
}

describe("a community's moderation log", () => {
  const community = makeCommunity({ name: 'sourdough', mods: [{ id: 'mod-1', username: 'alice' }, { id: 'mod-2', username: 'bob' }] });
  const communityAnswer = http.get(`/api/communities/${community.name}`, () => HttpResponse.json(community));

  test('reads each action as a sentence, naming the moderator when the log does and linking what was acted on', async () => {
    const bannedAt = new Date(Date.now() - 3 * HOUR).toISOString();
    const page: ModLogPage = {
      actions: [
        makeModAction(community, {
          actor: 'alice',
          kind: 'remove_post',
          target: { type: 'post', id: 'p1', label: 'Buy cheap starters here', url: '/sourdough/post/k3Tq9XbA' },
          reason: 'Spam, posted three times.',
        }),
        makeModAction(community, { actor: null, kind: 'lock_post', target: { type: 'post', id: 'p2', label: null, url: '/sourdough/post/Zx81' } }),
        makeModAction(community, {
          actor: 'bob',
          kind: 'ban_user',
          createdAt: bannedAt,
          target: { type: 'user', id: 'u1', label: 'carol', url: '/@carol' },
          expiresAt: new Date(new Date(bannedAt).getTime() + 7 * 24 * HOUR).toISOString(),
          reason: 'Insults in the comments.',
        }),
        makeModAction(null, { actor: null, actorGroup: 'admins', kind: 'remove_comment', target: { type: 'comment', id: 'c1', label: null, url: null } }),
      ],
      next: null,
    };
    const asked: URLSearchParams[] = [];
    await renderRoute(`/${community.name}/modlog`, { handlers: [communityAnswer, communityLog(community.id, [page], asked)] });

    expect(await screen.findByRole('heading', { level: 1, name: 'Moderation log' }, SCREEN_LOAD)).toBeTruthy();
    const items = await shownEntries(4);
    const [removed, locked, banned, byAdmin] = [at(items, 0), at(items, 1), at(items, 2), at(items, 3)];

    expect(removed.textContent).toContain('@alice removed the post "Buy cheap starters here".');
    expect(removed.textContent).toContain('Reason: Spam, posted three times.');
    expect(within(removed).getByRole('link', { name: '@alice' }).getAttribute('href')).toBe('/@alice');
    expect(within(removed).getByRole('link', { name: '"Buy cheap starters here"' }).getAttribute('href')).toBe('/sourdough/post/k3Tq9XbA');

    expect(locked.textContent).toContain('A moderator locked a post.');
    expect(within(locked).getByRole('link', { name: 'a post' }).getAttribute('href')).toBe('/sourdough/post/Zx81');
    expect(within(locked).queryByText(/Reason/)).toBeNull();

    expect(banned.textContent).toContain('@bob banned @carol for 7 days.');
    expect(banned.textContent).toContain('Reason: Insults in the comments.');
    expect(banned.textContent).toContain('3 hours ago');
    expect(within(banned).getByText(/^Ends/)).toBeTruthy();
    expect(within(banned).getByRole('link', { name: '@carol' }).getAttribute('href')).toBe('/@carol');

    expect(byAdmin.textContent).toContain('An admin removed a comment.');
    expect(within(byAdmin).queryByRole('link', { name: 'a comment' })).toBeNull();

    expect(asked.map(String)).toEqual(['']);
  });

  test('the filters ask the server for one kind of action by one moderator and keep them in the address', async () => {
    const asked: URLSearchParams[] = [];
    const everything: ModLogPage = { actions: [makeModAction(community, { actor: 'alice' })], next: null };
    const nothing: ModLogPage = { actions: [], next: null };
    const { events, router } = await renderRoute(`/${community.name}/modlog`, {
      handlers: [communityAnswer, communityLog(community.id, [everything, nothing], asked)],
    });
    expect(await screen.findByRole('link', { name: '@alice' }, SCREEN_LOAD)).toBeTruthy();

    await events.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Bans');
    expect(await screen.findByText('No actions match these filters.')).toBeTruthy();
    expect(asked.at(-1)?.get('kind')).toBe('ban_user');
    expect(router.state.location.search).toBe('?kind=ban_user');

    const mods = screen.getByRole('combobox', { name: 'Moderator' });
    expect(within(mods).getAllByRole('option').map((option) => option.textContent)).toEqual(['All moderators', '@alice', '@bob']);
    await events.selectOptions(mods, '@bob');
    // The next choice is made once the screen shows this one, as a person would.
    await waitFor(() => expect((mods as HTMLSelectElement).value).toBe('bob'));
    expect(Object.fromEntries(asked.at(-1) ?? [])).toEqual({ kind: 'ban_user', mod: 'bob' });
    expect(new URLSearchParams(router.state.location.search).get('mod')).toBe('bob');

    // The kind goes back to all, and the address keeps only the moderator.
    await events.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'All actions');
    await waitFor(() => expect(router.state.location.search).toBe('?mod=bob'));
    expect(Object.fromEntries(asked.at(-1) ?? [])).toEqual({ mod: 'bob' });
  });

  test('opened with filters in the address, the log asks for them and shows them chosen', async () => {
    const asked: URLSearchParams[] = [];
    await renderRoute(`/${community.name}/modlog?kind=lock_post&mod=alice`, {
      handlers: [communityAnswer, communityLog(community.id, [{ actions: [], next: null }], asked)],
    });
    expect(await screen.findByText('No actions match these filters.', {}, SCREEN_LOAD)).toBeTruthy();
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({ kind: 'lock_post', mod: 'alice' });
    expect((screen.getByRole('combobox', { name: 'Action' }) as HTMLSelectElement).value).toBe('lock_post');
    expect((screen.getByRole('combobox', { name: 'Moderator' }) as HTMLSelectElement).value).toBe('alice');
  });

  test('More loads the next page with the cursor of the last one', async () => {
    updateDevicePreferences({ infinite_scrolling_disabled: true });
    onTestFinished(() => updateDevicePreferences({ infinite_scrolling_disabled: false }));
    const asked: URLSearchParams[] = [];
    const first: ModLogPage = { actions: [makeModAction(community, { actor: 'alice', kind: 'pin_post' })], next: 'cursor-2' };
    const second: ModLogPage = { actions: [makeModAction(community, { actor: 'bob', kind: 'unpin_post' })], next: null };
    const { events } = await renderRoute(`/${community.name}/modlog`, { handlers: [communityAnswer, communityLog(community.id, [first, second], asked)] });
    expect(await screen.findByRole('link', { name: '@alice' }, SCREEN_LOAD)).toBeTruthy();

    await events.click(screen.getByRole('button', { name: 'More' }));
    expect(await screen.findByRole('link', { name: '@bob' })).toBeTruthy();
    expect(asked.map((params) => params.get('next'))).toEqual([null, 'cursor-2']);
    expect(entries()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
  });

  test('says when nothing has been done yet', async () => {
    await renderRoute(`/${community.name}/modlog`, { handlers: [communityAnswer, communityLog(community.id, [{ actions: [], next: null }])] });
    expect(await screen.findByText('No moderation actions yet.', {}, SCREEN_LOAD)).toBeTruthy();
  });

  test('a failed load offers Retry, which loads the log', async () => {
    let failing = true;
    const { events } = await renderRoute(`/${community.name}/modlog`, {
      handlers: [
        communityAnswer,
        http.get(`/api/communities/${community.id}/modlog`, () => {
          if (failing) return HttpResponse.json({ status: 403, code: 'forbidden', message: 'Forbidden.' }, { status: 403 });
          return HttpResponse.json({ actions: [makeModAction(community, { actor: 'alice' })], next: null } satisfies ModLogPage);
        }),
      ],
    });
    const failure = await screen.findByRole('alert', {}, SCREEN_LOAD);
    expect(failure.textContent).toContain("The moderation log couldn't be loaded.");
    failing = false;

    await events.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: '@alice' })).toBeTruthy();
  });
});

test("the site's log shows what admins did, with the community an action was taken in", async () => {
  const community = makeCommunity({ name: 'sourdough' });
  const asked: URLSearchParams[] = [];
  await renderRoute('/modlog?kind=ban_user_site', {
    handlers: [
      http.get('/api/modlog', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        const page: ModLogPage = {
          actions: [
            makeModAction(null, { actor: null, actorGroup: 'admins', kind: 'ban_user_site', target: { type: 'user', id: 'u1', label: 'spammer', url: '/@spammer' } }),
            makeModAction(community, { actor: 'root', actorGroup: 'admins', kind: 'remove_post', target: { type: 'post', id: 'p1', label: null, url: null } }),
          ],
          next: null,
        };
        return HttpResponse.json(page);
      }),
    ],
  });
  const items = await shownEntries(2);
  const [ban, removal] = [at(items, 0), at(items, 1)];
  expect(ban.textContent).toContain('An admin banned @spammer from the site.');
  expect(removal.textContent).toContain('@root removed a post in /sourdough.');
  expect(within(removal).getByRole('link', { name: '/sourdough' }).getAttribute('href')).toBe('/sourdough');
  expect(asked.map((params) => params.get('kind'))).toEqual(['ban_user_site']);
  // The site's log has no moderator filter.
  expect(screen.queryByRole('combobox', { name: 'Moderator' })).toBeNull();
});

describe('reasons given by moderators', () => {
  const community = makeCommunity({ name: 'sourdough', userJoined: true, userMod: true });
  const post = makePost(community, makeUser(), { title: 'Buy cheap starters here' });
  const postPath = `/${community.name}/post/${post.publicId}`;
  const pageAnswers = [
    http.get(`/api/posts/${post.publicId}`, () => HttpResponse.json(makePostPage(post, community))),
    http.get(`/api/communities/${community.name}`, () => HttpResponse.json(community)),
  ];

  test("a moderator's removal sends the reason typed in its dialog", async () => {
    const sent: { query: string; body: unknown }[] = [];
    const { events } = await renderRoute(postPath, {
      user: makeSessionUser(),
      joined: [community],
      handlers: [
        ...pageAnswers,
        http.delete(`/api/posts/${post.publicId}`, async ({ request }) => {
          sent.push({ query: new URL(request.url).search, body: await request.json() });
          return HttpResponse.json({ ...post, body: '', deleted: true, deletedAt: '2026-03-02T12:00:00.000Z', deletedAs: 'mods' });
        }),
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: post.title }, SCREEN_LOAD)).toBeTruthy();

    await events.click(screen.getByRole('button', { name: 'Manage post' }));
    await events.click(await screen.findByRole('menuitem', { name: 'Delete as mod' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Are you sure?' }));
    await events.type(dialog.getByRole('textbox', { name: 'Reason (optional)' }), 'Spam, posted three times.');
    expect(dialog.getByText('25 / 500')).toBeTruthy();
    await events.click(dialog.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Deleted by mods.')).toBeTruthy();
    expect(sent).toEqual([{ query: '?deleteAs=mods', body: { reason: 'Spam, posted three times.' } }]);
  });

  test('Lock asks for a reason and sends it; Unlock is immediate', async () => {
    const sent: { query: string; body: unknown }[] = [];
    const { events } = await renderRoute(postPath, {
      user: makeSessionUser(),
      joined: [community],
      handlers: [
        ...pageAnswers,
        http.put(`/api/posts/${post.publicId}`, async ({ request }) => {
          const query = new URL(request.url).search;
          const text = await request.text();
          sent.push({ query, body: text ? JSON.parse(text) : null });
          const locked = query.includes('action=lock');
          return HttpResponse.json({ ...post, locked, lockedByGroup: locked ? 'mods' : null });
        }),
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: post.title }, SCREEN_LOAD)).toBeTruthy();

    await events.click(screen.getByRole('button', { name: 'Manage post' }));
    await events.click(await screen.findByRole('menuitem', { name: 'Lock' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Lock this post?' }));
    await events.type(dialog.getByRole('textbox', { name: 'Reason (optional)' }), 'The thread went off the rails.');
    await events.click(dialog.getByRole('button', { name: 'Lock' }));
    expect(await screen.findByText('Post locked.')).toBeTruthy();
    expect(sent).toEqual([{ query: '?action=lock&lockAs=mods', body: { reason: 'The thread went off the rails.' } }]);

    await events.click(screen.getByRole('button', { name: 'Manage post' }));
    await events.click(await screen.findByRole('menuitem', { name: 'Unlock' }));
    expect(await screen.findByText('Post unlocked.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent[1]).toEqual({ query: '?action=unlock&lockAs=mods', body: null });
  });
});
