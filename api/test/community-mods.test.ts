import type { Community } from '@quorum/shared/entities/communities';
import type { NotificationsPage } from '@quorum/shared/entities/notifications';
import type { User } from '@quorum/shared/entities/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { eventually } from './helpers/eventually.ts';
import { del, insertCommunity, makeAdmin, makeCommunity, makeUser, put, visitor, type SignedUp } from './helpers/factories.ts';

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeAdmin(t);
});
afterAll(() => t.close());

const UNKNOWN_ID = '0190a0a0-0000-7000-8000-000000000000';
const modsUrl = (community: Community, username?: string) =>
  `/api/communities/${community.id}/mods${username === undefined ? '' : `/${username}`}`;
const names = (users: User[]) => users.map((user) => user.username);

/** A community whose mods are `owner` (position 0) and then each of `more`, in order. */
async function moddedCommunity(more: SignedUp[] = []): Promise<{ community: Community; owner: SignedUp }> {
  const owner = await makeUser(t);
  const community = await makeCommunity(owner.browser);
  for (const mod of more) {
    const added = await owner.browser.post(modsUrl(community), { username: mod.username });
    expect(added.statusCode).toBe(200);
  }
  return { community, owner };
}

async function positions(community: Community): Promise<Array<[string, number]>> {
  const rows = await t.sql<{ username: string; position: number }[]>`
    select u.username, m.position from community_mods m join users u on u.id = m.user_id
    where m.community_id = ${community.id} order by m.position`;
  return rows.map((row) => [row.username, row.position]);
}

/** Background jobs run on their own time: asks again until `check` passes (or gives up after 20 s). */
describe('GET /api/communities/:id/mods', () => {
  it('lists the mods most senior first, to anyone, as public users', async () => {
    const [second, third] = [await makeUser(t), await makeUser(t)];
    const { community, owner } = await moddedCommunity([second, third]);
    const response = await (await visitor(t)).get(modsUrl(community));
    expect(response.statusCode).toBe(200);
    const mods = response.json<User[]>();
    expect(names(mods)).toEqual([owner.username, second.username, third.username]);
    expect(mods[0]).toMatchObject({ id: owner.user.id, username: owner.username, isAdmin: false, deleted: false });
    expect(mods[0]).not.toHaveProperty('email');
  });

  it('answers 404 for an unknown community', async () => {
    const response = await (await visitor(t)).get(`/api/communities/${UNKNOWN_ID}/mods`);
    expect(response.json()).toEqual({ status: 404, code: 'not_found', message: 'Community not found.' });
  });
});

describe('POST /api/communities/:id/mods', () => {
  it('adds the user as the most junior mod and a member, and notifies them', async () => {
    const { community, owner } = await moddedCommunity();
    const newcomer = await makeUser(t);
    const response = await owner.browser.post(modsUrl(community), { username: ` ${newcomer.username.toUpperCase()} ` });
    expect(response.statusCode).toBe(200);
    expect(names(response.json())).toEqual([owner.username, newcomer.username]);
    expect(await positions(community)).toEqual([[owner.username, 0], [newcomer.username, 1]]);

    const seen: Community = (await newcomer.browser.get(`/api/communities/${community.id}`)).json();
    expect(seen).toMatchObject({ userJoined: true, userMod: true, noMembers: 2 });
    expect(seen.mods.map((mod) => mod.username)).toEqual([owner.username, newcomer.username]);

    const page = await eventually(
      async () => (await newcomer.browser.get('/api/notifications?render=true&format=html')).json<NotificationsPage>(),
      (p) => p.items.some((item) => item.type === 'mod_add'),
    );
    expect(page.items.find((item) => item.type === 'mod_add')).toMatchObject({
      title: `<b>@${owner.username}</b> made you a moderator of <b>${community.name}</b>`,
      toURL: `/${community.name}`,
    });
  });

  it('keeps the member count when the new mod was a member already', async () => {
    const { community, owner } = await moddedCommunity();
    const member = await makeUser(t);
    await member.browser.post('/api/_joinCommunity', { communityId: community.id });
    expect((await owner.browser.post(modsUrl(community), { username: member.username })).statusCode).toBe(200);
    expect((await owner.browser.get(`/api/communities/${community.id}`)).json()).toMatchObject({ noMembers: 2 });
  });

  it('answers 404 for an unknown or deleted user and 409 for a mod already there', async () => {
    const { community, owner } = await moddedCommunity();
    expect((await owner.browser.post(modsUrl(community), { username: 'nobody_here_at_all' })).json())
      .toEqual({ status: 404, code: 'not_found', message: 'User not found.' });
    const gone = await makeUser(t);
    await t.sql`update users set deleted_at = now() where id = ${gone.user.id}`;
    expect((await owner.browser.post(modsUrl(community), { username: gone.username })).statusCode).toBe(404);
    expect((await owner.browser.post(modsUrl(community), { username: owner.username })).json())
      .toEqual({ status: 409, code: 'already_mod', message: `${owner.username} is already a moderator of this community.` });
    expect((await owner.browser.post(modsUrl(community), {})).json()).toEqual({ status: 400, code: 'bad_request', message: 'Username is required.' });
    expect((await owner.browser.post(`/api/communities/${UNKNOWN_ID}/mods`, { username: owner.username })).statusCode).toBe(404);
  });

  it('refuses a user banned from the community until they are unbanned', async () => {
    const { community, owner } = await moddedCommunity();
    const troll = await makeUser(t);
    expect((await owner.browser.post(`/api/communities/${community.id}/banned`, { username: troll.username })).statusCode).toBe(200);
    expect((await owner.browser.post(modsUrl(community), { username: troll.username })).json())
      .toEqual({ status: 403, code: 'forbidden', message: `${troll.username} is banned from this community. Unban them first.` });
    await owner.browser.request('DELETE', `/api/communities/${community.id}/banned`, { body: { username: troll.username } });
    expect((await owner.browser.post(modsUrl(community), { username: troll.username })).statusCode).toBe(200);
  });

  it("refuses a user at the site's limit of moderated communities, but not an admin", async () => {
    const { community, owner } = await moddedCommunity();
    const busy = await makeUser(t);
    const [settings] = await t.sql<{ max: number }[]>`select max_communities_moderated as max from site_settings where id = 1`;
    const max = settings?.max ?? 0;
    expect(max).toBeGreaterThan(0);
    for (let i = 0; i < max; i++) await insertCommunity(t.sql, { modId: busy.user.id });
    expect((await owner.browser.post(modsUrl(community), { username: busy.username })).json()).toEqual({
      status: 403, code: 'max_limit_reached', message: `${busy.username} already moderates as many communities as one can.`,
    });
    const busyAdmin = await makeAdmin(t);
    for (let i = 0; i < max; i++) await insertCommunity(t.sql, { modId: busyAdmin.user.id });
    expect((await owner.browser.post(modsUrl(community), { username: busyAdmin.username })).statusCode).toBe(200);
  });
});

describe('DELETE /api/communities/:id/mods/:username', () => {
  it('lets a mod remove mods at or after their own position, and closes the gap', async () => {
    const [second, third, fourth] = [await makeUser(t), await makeUser(t), await makeUser(t)];
    const { community, owner } = await moddedCommunity([second, third, fourth]);

    const refused = await third.browser.request('DELETE', modsUrl(community, second.username));
    expect(refused.json()).toEqual({ status: 403, code: 'forbidden', message: 'You can only remove or move moderators at or below your own place.' });
    expect((await third.browser.request('DELETE', modsUrl(community, owner.username))).statusCode).toBe(403);

    const removed = await second.browser.request('DELETE', modsUrl(community, third.username));
    expect(removed.statusCode).toBe(200);
    expect(names(removed.json())).toEqual([owner.username, second.username, fourth.username]);
    expect(await positions(community)).toEqual([[owner.username, 0], [second.username, 1], [fourth.username, 2]]);
    // A removed mod stays a member.
    expect((await third.browser.get(`/api/communities/${community.id}`)).json()).toMatchObject({ userJoined: true, userMod: false });
  });

  it('lets any mod resign, and admins remove anyone', async () => {
    const [second, third] = [await makeUser(t), await makeUser(t)];
    const { community, owner } = await moddedCommunity([second, third]);
    const resigned = await second.browser.request('DELETE', modsUrl(community, second.username));
    expect(names(resigned.json())).toEqual([owner.username, third.username]);
    const byAdmin = await admin.browser.request('DELETE', modsUrl(community, owner.username));
    expect(names(byAdmin.json())).toEqual([third.username]);
    expect(await positions(community)).toEqual([[third.username, 0]]);
  });

  it('answers 404 for a user who is not a mod, 403 to others and 401 to visitors', async () => {
    const { community, owner } = await moddedCommunity();
    const member = await makeUser(t);
    expect((await owner.browser.request('DELETE', modsUrl(community, member.username))).json())
      .toEqual({ status: 404, code: 'not_found', message: 'That user is not a moderator of this community.' });
    expect((await del(member.browser, modsUrl(community, owner.username))).json())
      .toEqual({ status: 403, code: 'forbidden', message: 'Forbidden.' });
    expect((await del(await visitor(t), modsUrl(community, owner.username))).statusCode).toBe(401);
    expect(names((await owner.browser.get(modsUrl(community))).json())).toEqual([owner.username]);
  });
});

describe('PUT /api/communities/:id/mods/:username', () => {
  it('moves a mod, the others keeping their order', async () => {
    const [b, c, d] = [await makeUser(t), await makeUser(t), await makeUser(t)];
    const { community, owner } = await moddedCommunity([b, c, d]);
    const moved = await put(owner.browser, modsUrl(community, d.username), { position: 1 });
    expect(moved.statusCode).toBe(200);
    expect(names(moved.json())).toEqual([owner.username, d.username, b.username, c.username]);
    expect(await positions(community)).toEqual([[owner.username, 0], [d.username, 1], [b.username, 2], [c.username, 3]]);
    const down = await put(owner.browser, modsUrl(community, owner.username), { position: 3 });
    expect(names(down.json())).toEqual([d.username, b.username, c.username, owner.username]);
  });

  it('lets a mod move only mods at or after their position, to a position at or after their own', async () => {
    const [b, c, d] = [await makeUser(t), await makeUser(t), await makeUser(t)];
    const { community, owner } = await moddedCommunity([b, c, d]);
    // b is at 1.
    expect((await put(b.browser, modsUrl(community, d.username), { position: 0 })).json())
      .toEqual({ status: 403, code: 'forbidden', message: 'You can only move a moderator to a place at or below your own.' });
    expect((await put(b.browser, modsUrl(community, owner.username), { position: 3 })).json())
      .toEqual({ status: 403, code: 'forbidden', message: 'You can only remove or move moderators at or below your own place.' });
    expect(names((await put(b.browser, modsUrl(community, d.username), { position: 1 })).json()))
      .toEqual([owner.username, d.username, b.username, c.username]);
    // b is now at 2 and may move themselves further down.
    expect(names((await put(b.browser, modsUrl(community, b.username), { position: 3 })).json()))
      .toEqual([owner.username, d.username, c.username, b.username]);
    // Admins move anyone anywhere.
    expect(names((await put(admin.browser, modsUrl(community, b.username), { position: 0 })).json()))
      .toEqual([b.username, owner.username, d.username, c.username]);
  });

  it('refuses positions outside the list and bodies without a whole position', async () => {
    const b = await makeUser(t);
    const { community, owner } = await moddedCommunity([b]);
    expect((await put(owner.browser, modsUrl(community, b.username), { position: 2 })).json())
      .toEqual({ status: 400, code: 'bad_request', message: 'The position has to be between 0 and 1.' });
    for (const body of [{}, { position: -1 }, { position: 0.5 }, { position: '1' }]) {
      expect((await put(owner.browser, modsUrl(community, b.username), body)).json(), JSON.stringify(body))
        .toEqual({ status: 400, code: 'bad_request', message: 'The position has to be a whole number of 0 or more.' });
    }
    expect(await positions(community)).toEqual([[owner.username, 0], [b.username, 1]]);
  });
});
