import { readFile } from 'node:fs/promises';
import type { List, ListItemsPage } from '@quorum/shared/entities/lists';
import type { Post } from '@quorum/shared/entities/posts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { del, makeComment, makeCommunity, makePost, makeUser, put, visitor, type SignedUp } from './helpers/factories.ts';

let t: TestApp;
let author: SignedUp;
let communityName: string;
beforeAll(async () => {
  t = await buildTestApp();
  author = await makeUser(t);
  communityName = (await makeCommunity(author.browser)).name;
});
afterAll(() => t.close());

const newPost = (title = 'A post worth keeping') => makePost(author.browser, communityName, { title });

const newComment = (post: Post, body = 'A comment worth keeping') => makeComment(author.browser, post, body);

const lists = (owner: SignedUp) => `/api/users/${owner.username}/lists`;

/** Creates a list and picks it out of the answer, which holds all the owner's lists. */
async function createList(owner: SignedUp, body: Record<string, unknown>): Promise<List> {
  const response = await owner.browser.post(lists(owner), body);
  if (response.statusCode !== 201) throw new Error(`list failed: ${response.statusCode} ${response.body}`);
  const created = response.json<List[]>().find((list) => list.name === body.name);
  if (!created) throw new Error(`list ${String(body.name)} is not in the answer: ${response.body}`);
  return created;
}

/** What every account starts with. */
const bookmarks = { name: 'bookmarks', displayName: 'Bookmarks', description: null, public: false, numItems: 0 };

describe('creating lists', () => {
  it("answers all the owner's lists, the new one first with the spec fields, and lists it in the initial data", async () => {
    const me = await makeUser(t, 1);
    const response = await me.browser.post(lists(me), { name: 'read-later', displayName: 'Read later', description: 'For the weekend', public: true });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual([
      {
        id: expect.any(String), userId: me.user.id, username: me.username, name: 'read-later', displayName: 'Read later',
        description: 'For the weekend', public: true, numItems: 0, createdAt: expect.any(String), lastUpdatedAt: expect.any(String),
      },
      { id: expect.any(String), userId: me.user.id, username: me.username, ...bookmarks, createdAt: expect.any(String), lastUpdatedAt: expect.any(String) },
    ]);
    const initial = (await me.browser.get('/api/_initial')).json();
    expect(initial.lists).toMatchObject([{ name: 'read-later', displayName: 'Read later' }, bookmarks]);
  });

  it('answers the lists newest first, private ones included, exactly as GET does for the owner', async () => {
    const me = await makeUser(t, 1);
    await createList(me, { name: 'first', public: true });
    const post = await newPost();
    const answer = await me.browser.post(lists(me), { name: 'second' });
    expect(answer.json<List[]>().map((l) => l.name)).toEqual(['second', 'first', 'bookmarks']);
    expect(answer.json()).toEqual((await me.browser.get(lists(me))).json());

    const first = answer.json<List[]>()[1]!;
    await me.browser.post(`/api/lists/${first.id}/items`, { targetId: post.id, targetType: 'post' });
    const third = await me.browser.post(lists(me), { name: 'third' });
    expect(third.json<List[]>().map((l) => [l.name, l.numItems])).toEqual([['third', 0], ['first', 1], ['second', 0], ['bookmarks', 0]]);
    expect(third.json()).toEqual((await me.browser.get(lists(me))).json());
  });

  it('makes the display name the name when none is given, and lists private by default', async () => {
    const me = await makeUser(t, 1);
    expect(await createList(me, { name: 'saved' })).toMatchObject({ displayName: 'saved', public: false, description: null });
  });

  it("refuses names that are empty, too long, not a slug, or taken (whatever the case) with the spec's messages", async () => {
    const me = await makeUser(t, 1);
    await createList(me, { name: 'Favourites' });
    const cases: Array<[unknown, number, string]> = [
      [{ name: '' }, 400, 'Name cannot be empty.'],
      [{ name: '   ' }, 400, 'Name cannot be empty.'],
      [{}, 400, 'Name cannot be empty.'],
      [{ name: 'x'.repeat(22) }, 400, 'Name has to be at most 21 characters.'],
      [{ name: 'two words' }, 400, 'Name can only contain letters, digits, dashes and underscores.'],
      [{ name: 'favourites' }, 409, 'List with name favourites already exists.'],
    [{ name: 'Bookmarks' }, 409, 'List with name Bookmarks already exists.'],
      [{ name: 'ok', displayName: 'x'.repeat(101) }, 400, 'Display name has to be at most 100 characters.'],
      [{ name: 'ok', public: 'yes' }, 400, 'Public has to be true or false.'],
    ];
    for (const [body, status, message] of cases) {
      const response = await me.browser.post(lists(me), body);
      expect(response.json(), JSON.stringify(body)).toEqual({ status, code: expect.any(String), message });
    }
    expect((await me.browser.post(lists(me), { name: 'favourites' })).json().code).toBe('list_exists');
  });

  it("refuses visitors and other users' addresses", async () => {
    const me = await makeUser(t, 1);
    const other = await makeUser(t, 1);
    expect((await (await visitor(t)).post(lists(me), { name: 'mine' })).statusCode).toBe(401);
    const response = await other.browser.post(lists(me), { name: 'mine' });
    expect(response.json()).toEqual({ status: 403, code: 'forbidden', message: 'Only the owner of a list can change it.' });
    expect((await other.browser.post('/api/users/nobody_here_at_all/lists', { name: 'mine' })).statusCode).toBe(404);
  });
});

describe('reading lists', () => {
  it('sorts by last added or by name and filters public and private for the owner only', async () => {
    const me = await makeUser(t, 1);
    const other = await makeUser(t, 1);
    const zeta = await createList(me, { name: 'zeta', displayName: 'Zeta', public: true });
    const alpha = await createList(me, { name: 'alpha', displayName: 'Alpha' });
    const mid = await createList(me, { name: 'mid', displayName: 'Middle', public: true });
    const post = await newPost();
    await me.browser.post(`/api/lists/${zeta.id}/items`, { targetId: post.id, targetType: 'post' });

    const names = async (who: SignedUp, query = '') => (await who.browser.get(`${lists(me)}${query}`)).json<List[]>().map((l) => l.name);
    expect(await names(me)).toEqual(['zeta', 'mid', 'alpha', 'bookmarks']);
    expect(await names(me, '?sort=lastAdded&filter=all')).toEqual(['zeta', 'mid', 'alpha', 'bookmarks']);
    expect(await names(me, '?sort=name')).toEqual(['alpha', 'bookmarks', 'mid', 'zeta']);
    expect(await names(me, '?filter=public')).toEqual(['zeta', 'mid']);
    expect(await names(me, '?filter=private')).toEqual(['alpha', 'bookmarks']);
    expect(await names(other)).toEqual(['zeta', 'mid']);
    expect(await names(other, '?filter=private')).toEqual([]);
    expect((await (await visitor(t)).get(lists(me))).json<List[]>().map((l) => l.name)).toEqual(['zeta', 'mid']);
    expect((await me.browser.get(`${lists(me)}?sort=size`)).json()).toMatchObject({ status: 400, message: 'Unknown sort.' });
    expect((await me.browser.get(`${lists(me)}?filter=secret`)).json()).toMatchObject({ status: 400, message: 'Unknown filter.' });
    expect(alpha.public).toBe(false);
    expect(mid.public).toBe(true);
  });

  it('answers a private list with 404 to everyone but its owner, by name and by id', async () => {
    const me = await makeUser(t, 1);
    const other = await makeUser(t, 1);
    const hidden = await createList(me, { name: 'secret' });
    const shown = await createList(me, { name: 'shared', public: true });
    expect((await me.browser.get(`${lists(me)}/secret`)).json()).toMatchObject({ id: hidden.id, name: 'secret' });
    expect((await me.browser.get(`${lists(me)}/SECRET`)).statusCode).toBe(200);
    expect((await me.browser.get(`/api/lists/${hidden.id}`)).statusCode).toBe(200);
    for (const browser of [other.browser, await visitor(t)]) {
      for (const url of [`${lists(me)}/secret`, `${lists(me)}/secret/items`, `/api/lists/${hidden.id}`]) {
        expect((await browser.get(url)).json(), url).toEqual({ status: 404, code: 'not_found', message: 'List not found.' });
      }
      expect((await browser.get(`${lists(me)}/shared`)).json()).toMatchObject({ id: shown.id });
    }
    expect((await me.browser.get(`${lists(me)}/missing`)).statusCode).toBe(404);
    expect((await me.browser.get('/api/lists/not-an-id')).statusCode).toBe(404);
  });
});

describe('items', () => {
  it('saves posts and comments, tells where an item is saved, pages newest first and removes them', async () => {
    const me = await makeUser(t, 1);
    const list = await createList(me, { name: 'keep' });
    const other = await createList(me, { name: 'other' });
    const post = await newPost('Saved post');
    const comment = await newComment(post);
    const url = `/api/lists/${list.id}/items`;

    const added = await me.browser.post(url, { targetId: post.id, targetType: 'post' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ id: list.id, numItems: 1 });
    expect((await me.browser.post(url, { targetId: post.id, targetType: 'post' })).json()).toMatchObject({ numItems: 1 });
    expect((await me.browser.post(url, { targetId: comment.id, targetType: 'comment' })).json()).toMatchObject({ numItems: 2 });

    expect((await me.browser.get(`/api/lists/_saved_to?id=${post.id}&type=post`)).json()).toEqual([list.id]);
    expect((await me.browser.get(`/api/lists/_saved_to?id=${comment.id}&type=comment`)).json()).toEqual([list.id]);
    expect((await me.browser.get(`/api/lists/_saved_to?id=${comment.id}&type=post`)).json()).toEqual([]);
    expect((await me.browser.get(`/api/lists/_saved_to?id=${post.id}&type=thing`)).statusCode).toBe(400);
    expect((await (await visitor(t)).get(`/api/lists/_saved_to?id=${post.id}&type=post`)).statusCode).toBe(401);
    expect(other.numItems).toBe(0);

    const page = (await me.browser.get(`${lists(me)}/keep/items`)).json<ListItemsPage>();
    expect(page.next).toBeNull();
    expect(page.items).toMatchObject([
      { listId: list.id, targetType: 'comment', targetId: comment.id, targetItem: { id: comment.id, body: 'A comment worth keeping', postTitle: 'Saved post' } },
      { listId: list.id, targetType: 'post', targetId: post.id, targetItem: { id: post.id, title: 'Saved post' } },
    ]);

    const removed = await me.browser.request('DELETE', url, { body: { targetId: post.id, targetType: 'post' } });
    expect(removed.json()).toMatchObject({ numItems: 1 });
    expect((await me.browser.request('DELETE', url, { body: { targetId: post.id, targetType: 'post' } })).json()).toMatchObject({ numItems: 1 });
    expect((await me.browser.get(`/api/lists/_saved_to?id=${post.id}&type=post`)).json()).toEqual([]);
  });

  it('pages a long list with a cursor and no repeats', async () => {
    const me = await makeUser(t, 1);
    const list = await createList(me, { name: 'long', public: true });
    const post = await newPost();
    const comments: string[] = [];
    for (let i = 0; i < 23; i++) comments.push((await newComment(post, `Comment ${i}`)).id);
    // Items added in one statement share a time: the id breaks the tie.
    await t.sql`insert into list_items (list_id, target_type, comment_id) select ${list.id}, 'comment', unnest(${comments}::uuid[])`;
    const first = (await me.browser.get(`${lists(me)}/long/items`)).json<ListItemsPage>();
    expect(first.items).toHaveLength(20);
    expect(first.next).toEqual(expect.any(String));
    const second = (await (await visitor(t)).get(`${lists(me)}/long/items?next=${first.next}`)).json<ListItemsPage>();
    expect(second.items).toHaveLength(3);
    expect(second.next).toBeNull();
    const ids = [...first.items, ...second.items].map((item) => item.targetId);
    expect(new Set(ids)).toEqual(new Set(comments));
    expect((await me.browser.get(`${lists(me)}/long/items?next=garbage`)).json()).toMatchObject({ status: 400, code: 'invalid_cursor' });
  });

  it('keeps deleted posts and comments in a list, shown as deleted, and refuses to save them again', async () => {
    const me = await makeUser(t, 1);
    const list = await createList(me, { name: 'gone' });
    const post = await newPost('Soon deleted');
    const comment = await newComment(post, 'Soon deleted too');
    const url = `/api/lists/${list.id}/items`;
    await me.browser.post(url, { targetId: post.id, targetType: 'post' });
    await me.browser.post(url, { targetId: comment.id, targetType: 'comment' });
    await author.browser.request('DELETE', `/api/posts/${post.publicId}/comments/${comment.id}`);
    await author.browser.request('DELETE', `/api/posts/${post.publicId}`);

    const page = (await me.browser.get(`${lists(me)}/gone/items`)).json<ListItemsPage>();
    expect(page.items).toMatchObject([
      { targetType: 'comment', targetItem: { deleted: true, body: '' } },
      { targetType: 'post', targetItem: { deleted: true, body: null, username: '[deleted]' } },
    ]);
    const other = await createList(me, { name: 'other' });
    expect((await me.browser.post(`/api/lists/${other.id}/items`, { targetId: post.id, targetType: 'post' })).json())
      .toEqual({ status: 400, code: 'bad_request', message: 'This post has been deleted.' });
    expect((await me.browser.post(`/api/lists/${other.id}/items`, { targetId: comment.id, targetType: 'comment' })).json())
      .toEqual({ status: 400, code: 'bad_request', message: 'This comment has been deleted.' });
    expect((await me.browser.request('DELETE', url, { body: { targetId: post.id, targetType: 'post' } })).json()).toMatchObject({ numItems: 1 });
  });

  it('refuses unknown targets and types', async () => {
    const me = await makeUser(t, 1);
    const list = await createList(me, { name: 'strict' });
    const url = `/api/lists/${list.id}/items`;
    const missing = '01a2037a-a20c-75f1-bc0f-557c203d3d98';
    expect((await me.browser.post(url, { targetId: missing, targetType: 'post' })).json()).toMatchObject({ status: 404, message: 'Post not found.' });
    expect((await me.browser.post(url, { targetId: 'nope', targetType: 'comment' })).json()).toMatchObject({ status: 404, message: 'Comment not found.' });
    expect((await me.browser.post(url, { targetId: missing, targetType: 'user' })).json()).toMatchObject({ status: 400, message: 'Unknown item type.' });
  });

  it('clears a list after the owner asks, and only the owner', async () => {
    const me = await makeUser(t, 1);
    const other = await makeUser(t, 1);
    const list = await createList(me, { name: 'clearme', public: true });
    const post = await newPost();
    await me.browser.post(`/api/lists/${list.id}/items`, { targetId: post.id, targetType: 'post' });
    expect((await del(other.browser, `${lists(me)}/clearme/items`)).statusCode).toBe(403);
    const cleared = await del(me.browser, `${lists(me)}/clearme/items`);
    expect(cleared.json()).toMatchObject({ numItems: 0 });
    expect((await me.browser.get(`${lists(me)}/clearme/items`)).json()).toEqual({ items: [], next: null });
  });
});

describe('changing and deleting lists', () => {
  it('renames, describes and publishes a list; a taken name is a 409', async () => {
    const me = await makeUser(t, 1);
    const list = await createList(me, { name: 'drafts' });
    await createList(me, { name: 'taken' });
    const renamed = await put(me.browser, `/api/lists/${list.id}`, { name: 'finished', displayName: 'Finished', description: 'Done', public: true });
    expect(renamed.json()).toMatchObject({ id: list.id, name: 'finished', displayName: 'Finished', description: 'Done', public: true });
    expect((await put(me.browser, `/api/lists/${list.id}`, { public: false })).json()).toMatchObject({ name: 'finished', public: false, description: 'Done' });
    expect((await put(me.browser, `/api/lists/${list.id}`, { name: 'Taken' })).json())
      .toEqual({ status: 409, code: 'list_exists', message: 'List with name Taken already exists.' });
    expect((await put(me.browser, `/api/lists/${list.id}`, { name: 'FINISHED' })).json()).toMatchObject({ name: 'FINISHED' });
    expect((await put(me.browser, `/api/lists/${list.id}`, { name: '' })).json()).toMatchObject({ status: 400, message: 'Name cannot be empty.' });
  });

  it("lets nobody else change, fill or delete a list: a public one is a 403, a private one a 404", async () => {
    const me = await makeUser(t, 1);
    const other = await makeUser(t, 1);
    const shown = await createList(me, { name: 'shown', public: true });
    const hidden = await createList(me, { name: 'hidden' });
    const post = await newPost();
    for (const [list, status] of [[shown, 403], [hidden, 404]] as const) {
      expect((await put(other.browser, `/api/lists/${list.id}`, { name: 'mine' })).statusCode).toBe(status);
      expect((await other.browser.post(`/api/lists/${list.id}/items`, { targetId: post.id, targetType: 'post' })).statusCode).toBe(status);
      expect((await other.browser.request('DELETE', `/api/lists/${list.id}/items`, { body: { targetId: post.id, targetType: 'post' } })).statusCode).toBe(status);
      expect((await del(other.browser, `/api/lists/${list.id}`)).statusCode).toBe(status);
      expect((await del(other.browser, `${lists(me)}/${list.name}`)).statusCode).toBe(status);
    }
    const guest = await visitor(t);
    expect((await guest.post(`/api/lists/${shown.id}/items`, { targetId: post.id, targetType: 'post' })).statusCode).toBe(401);
    expect((await me.browser.get(`${lists(me)}?sort=name`)).json<List[]>().map((l) => l.name)).toEqual(['bookmarks', 'hidden', 'shown']);
  });

  it('deletes a list by id or by name, with its items', async () => {
    const me = await makeUser(t, 1);
    const one = await createList(me, { name: 'one' });
    await createList(me, { name: 'two' });
    const post = await newPost();
    await me.browser.post(`/api/lists/${one.id}/items`, { targetId: post.id, targetType: 'post' });
    expect((await del(me.browser, `/api/lists/${one.id}`)).json()).toEqual({ success: true });
    expect((await del(me.browser, `${lists(me)}/two`)).json()).toEqual({ success: true });
    expect((await me.browser.get(lists(me))).json()).toMatchObject([bookmarks]);
    const [left] = await t.sql<{ n: number }[]>`select count(*)::int as n from list_items where list_id = ${one.id}`;
    expect(left?.n).toBe(0);
    expect((await me.browser.get(`/api/lists/_saved_to?id=${post.id}&type=post`)).json()).toEqual([]);
  });

  it("deletes a deleted account's lists with their items: by id or by name they answer 404 as a missing list", async () => {
    const me = await makeUser(t, 1);
    const shown = await createList(me, { name: 'shown', public: true });
    const hidden = await createList(me, { name: 'hidden' });
    await me.browser.post(`/api/lists/${shown.id}/items`, { targetId: (await newPost()).id, targetType: 'post' });
    const deleted = await me.browser.request('DELETE', `/api/users/${me.username}`, { body: { password: me.password } });
    expect(deleted.statusCode).toBe(200);

    const missing = { status: 404, code: 'not_found', message: 'List not found.' };
    for (const browser of [author.browser, await visitor(t)]) {
      for (const list of [shown, hidden]) {
        const answer = await browser.get(`/api/lists/${list.id}`);
        expect(answer.json()).toEqual(missing);
        expect(answer.body).not.toContain(me.username);
      }
      for (const url of [lists(me), `${lists(me)}/shown`, `${lists(me)}/shown/items`]) {
        expect((await browser.get(url)).statusCode, url).toBe(404);
      }
    }
    const [left] = await t.sql<{ lists: number; items: number }[]>`
      select (select count(*)::int from lists where user_id = ${me.user.id}) as lists,
        (select count(*)::int from list_items where list_id in (${shown.id}, ${hidden.id})) as items`;
    expect(left).toEqual({ lists: 0, items: 0 });
  });
});

describe('the Bookmarks list', () => {
  it('is there for a new account, private, and takes the first save', async () => {
    const me = await makeUser(t, 1);
    const other = await makeUser(t, 1);
    const answer = (await me.browser.get(lists(me))).json<List[]>();
    expect(answer).toEqual([
      { id: expect.any(String), userId: me.user.id, username: me.username, ...bookmarks, createdAt: expect.any(String), lastUpdatedAt: expect.any(String) },
    ]);
    const own = answer[0]!;
    expect((await me.browser.get('/api/_initial')).json().lists).toEqual([own]);
    expect((await other.browser.get(lists(me))).json()).toEqual([]);
    expect((await (await visitor(t)).get(`${lists(me)}/bookmarks`)).statusCode).toBe(404);

    const post = await newPost();
    const saved = await me.browser.post(`/api/lists/${own.id}/items`, { targetId: post.id, targetType: 'post' });
    expect(saved.json()).toMatchObject({ id: own.id, name: 'bookmarks', numItems: 1 });
    expect((await me.browser.get(`/api/lists/_saved_to?id=${post.id}&type=post`)).json()).toEqual([own.id]);
  });

  it('is given by migration 0019 to the accounts that had no list, and to no other', async () => {
    const [bare] = await t.sql<{ id: string }[]>`insert into users (username, password_hash) values ('no_lists_yet', 'x') returning id`;
    const [gone] = await t.sql<{ id: string }[]>`
      insert into users (username, password_hash, deleted_at) values ('deleted_before', 'x', now()) returning id`;
    const keeper = await makeUser(t, 1);
    await del(keeper.browser, `${lists(keeper)}/bookmarks`);
    await createList(keeper, { name: 'mine' });

    await t.sql.unsafe(await readFile(new URL('../migrations/0019_bookmarks_lists.sql', import.meta.url), 'utf8'));
    const rows = await t.sql<{ userId: string; name: string; displayName: string; public: boolean; description: string | null }[]>`
      select user_id, name, display_name, public, description from lists
      where user_id in (${bare!.id}, ${gone!.id}, ${keeper.user.id}) order by name`;
    expect(rows).toEqual([
      { userId: bare!.id, name: 'bookmarks', displayName: 'Bookmarks', public: false, description: null },
      { userId: keeper.user.id, name: 'mine', displayName: 'mine', public: false, description: null },
    ]);
  });
});
