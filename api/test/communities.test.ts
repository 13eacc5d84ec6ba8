import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Community } from '@quorum/shared/entities/communities';
import { buildTestApp, uniqueName, type TestApp } from './helpers/app.ts';
import { makeAdmin, makeCommunity, makeUser, put, visitor, type SignedUp } from './helpers/factories.ts';

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeAdmin(t);
});
afterAll(() => t.close());

/** A name of exactly `length` characters, unique within the run. */
function nameOfLength(length: number): string {
  const base = uniqueName('n').replace(/_/g, '');
  return base.length >= length ? base.slice(-length) : base.padStart(length, 'x');
}

async function withSetting(column: 'community_create_req_points' | 'max_communities_moderated', value: number, run: () => Promise<void>) {
  const [before] = await t.sql<{ value: number }[]>`select ${t.sql(column)} as value from site_settings`;
  await t.sql`update site_settings set ${t.sql(column)} = ${value}`;
  try {
    await run();
  } finally {
    await t.sql`update site_settings set ${t.sql(column)} = ${before?.value ?? 10}`;
  }
}

describe('POST /api/communities', () => {
  it('answers 401 to visitors', async () => {
    const browser = await visitor(t);
    const response = await browser.post('/api/communities', { name: uniqueName('c'), about: '' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, code: 'not_logged_in' });
  });

  it('answers 403 not_enough_points to a user below the site minimum', async () => {
    const { browser } = await makeUser(t, 9);
    const response = await browser.post('/api/communities', { name: uniqueName('c'), about: '' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      status: 403,
      code: 'not_enough_points',
      message: 'You need at least 10 points to create a community.',
    });
  });

  it('creates the community with the creator as first mod and only member', async () => {
    const { browser, user } = await makeUser(t, 10);
    const name = uniqueName('Cats');
    const response = await browser.post('/api/communities', { name, about: 'All about cats.' });
    expect(response.statusCode).toBe(201);
    const community: Community = response.json();
    expect(community).toEqual({
      id: expect.any(String),
      name,
      proPic: null,
      bannerImage: null,
      about: 'All about cats.',
      noMembers: 1,
      userJoined: true,
      userMod: true,
      isMuted: false,
      mods: [{ id: user.id, username: user.username }],
      rules: [],
      isDefault: false,
      postingRestricted: false,
      createdAt: expect.any(String),
    });

    const mods = await t.sql`select user_id, position from community_mods where community_id = ${community.id}`;
    expect(mods.map((m) => ({ userId: m.userId, position: m.position }))).toEqual([{ userId: user.id, position: 0 }]);
    const members = await t.sql`select user_id from community_members where community_id = ${community.id}`;
    expect(members.map((m) => m.userId)).toEqual([user.id]);

    const me = (await browser.get('/api/_user')).json();
    expect(me.moddingList.map((c: { id: string }) => c.id)).toContain(community.id);
    const initial = (await browser.get('/api/_initial')).json();
    expect(initial.communities.map((c: Community) => c.id)).toContain(community.id);
  });

  it('uses the configured number of points in the refusal', async () => {
    await withSetting('community_create_req_points', 25, async () => {
      const { browser } = await makeUser(t, 24);
      const response = await browser.post('/api/communities', { name: uniqueName('c') });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('You need at least 25 points to create a community.');
    });
  });

  it('lets admins create communities without points', async () => {
    const { browser } = await makeAdmin(t, 0);
    const response = await browser.post('/api/communities', { name: uniqueName('c') });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ userMod: true, noMembers: 1, about: null });
  });

  it('answers 403 max_limit_reached once a user moderates the maximum, but not to admins', async () => {
    await withSetting('max_communities_moderated', 2, async () => {
      const { browser } = await makeUser(t);
      await makeCommunity(browser);
      await makeCommunity(browser);
      const response = await browser.post('/api/communities', { name: uniqueName('c') });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        status: 403,
        code: 'max_limit_reached',
        message: "You've reached your max limit of the number of communities you can moderate.",
      });

      const boss = await makeAdmin(t);
      for (let i = 0; i < 3; i += 1) await makeCommunity(boss.browser);
    });
  });

  it('keeps the limit when one user creates several at once', async () => {
    await withSetting('max_communities_moderated', 2, async () => {
      const { browser, user } = await makeUser(t);
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => browser.post('/api/communities', { name: uniqueName('c') })),
      );
      expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(2);
      expect(responses.filter((r) => r.statusCode === 403).map((r) => r.json().code)).toEqual(Array(3).fill('max_limit_reached'));
      const [row] = await t.sql`select count(*)::int as n from community_mods where user_id = ${user.id}`;
      expect(row?.n).toBe(2);
    });
  });

  it('answers 409 community_exists for a name taken in another case', async () => {
    const first = await makeUser(t);
    const name = uniqueName('Dogs');
    await makeCommunity(first.browser, { name });
    const second = await makeUser(t);
    const response = await second.browser.post('/api/communities', { name: name.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ status: 409, code: 'community_exists', message: 'A community by that name already exists.' });
  });

  it('lets only one of several simultaneous creations of a name win', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => makeUser(t)));
    const name = uniqueName('race');
    const responses = await Promise.all(
      users.map((u, i) => u.browser.post('/api/communities', { name: i % 2 ? name.toUpperCase() : name })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const [row] = await t.sql`select count(*)::int as n from communities where lower(name) = lower(${name})`;
    expect(row?.n).toBe(1);
  });

  it.each([
    ['a name of 2 characters', { name: 'ab' }, 'Name has to be at least 3 characters.'],
    ['no name', { about: 'x' }, 'Name has to be at least 3 characters.'],
    ['an empty name', { name: '' }, 'Name has to be at least 3 characters.'],
    ['a name of 22 characters', { name: 'a'.repeat(22) }, 'Name has to be at most 21 characters.'],
    ['a space in the name', { name: 'bad name' }, 'Name can only contain letters, digits and underscores.'],
    ['a dash in the name', { name: 'bad-name' }, 'Name can only contain letters, digits and underscores.'],
    ['a non-ASCII letter in the name', { name: 'café' }, 'Name can only contain letters, digits and underscores.'],
    ['a description of 501 characters', { name: 'ok_name', about: 'x'.repeat(501) }, 'Description has to be at most 500 characters.'],
  ])('answers 400 for %s', async (_case, body, message) => {
    const { browser } = await makeUser(t);
    const response = await browser.post('/api/communities', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 400, code: 'bad_request', message });
  });

  it.each([3, 21])('accepts a name of %i characters', async (length) => {
    const { browser } = await makeUser(t);
    const name = nameOfLength(length);
    const response = await browser.post('/api/communities', { name });
    expect(response.statusCode).toBe(201);
    expect(response.json().name).toBe(name);
  });

  it('accepts a description of 500 characters', async () => {
    const { browser } = await makeUser(t);
    const response = await browser.post('/api/communities', { name: uniqueName('c'), about: 'x'.repeat(500) });
    expect(response.statusCode).toBe(201);
    expect(response.json().about).toHaveLength(500);
  });
});

describe('GET /api/communities/:id', () => {
  let community: Community;
  let owner: SignedUp;
  let second: SignedUp;
  beforeAll(async () => {
    owner = await makeUser(t);
    community = await makeCommunity(owner.browser, { name: uniqueName('Birds') });
    second = await makeUser(t);
    // Mods are listed by seniority, rules by their position.
    await t.sql`insert into community_mods (community_id, user_id, position) values (${community.id}, ${second.user.id}, 1)`;
    await t.sql`
      insert into community_rules (community_id, rule, description, z_index)
      values (${community.id}, 'Second', null, 1), (${community.id}, 'First', 'Be kind.', 0)`;
  });

  it('answers the community with its mods by position and rules by zIndex', async () => {
    const response = await (await visitor(t)).get(`/api/communities/${community.id}`);
    expect(response.statusCode).toBe(200);
    const body: Community = response.json();
    expect(body).toMatchObject({ id: community.id, name: community.name, userJoined: false, userMod: false });
    expect(body.mods).toEqual([
      { id: owner.user.id, username: owner.username },
      { id: second.user.id, username: second.username },
    ]);
    expect(body.rules).toEqual([
      { id: expect.any(String), rule: 'First', description: 'Be kind.', zIndex: 0 },
      { id: expect.any(String), rule: 'Second', description: null, zIndex: 1 },
    ]);
  });

  it('answers the viewer fields for the viewer', async () => {
    const body: Community = (await owner.browser.get(`/api/communities/${community.id}`)).json();
    expect(body).toMatchObject({ userJoined: true, userMod: true });
    const other = await makeUser(t);
    expect((await other.browser.get(`/api/communities/${community.id}`)).json()).toMatchObject({ userJoined: false, userMod: false });
  });

  it('finds a community by name in any case with byName=true', async () => {
    const response = await (await visitor(t)).get(`/api/communities/${community.name.toUpperCase()}?byName=true`);
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(community.id);
  });

  it.each([
    ['an unknown id', '0190a0a0-0000-7000-8000-000000000000'],
    ['a malformed id', 'not-an-id'],
    ['an unknown name', 'nobody_here?byName=true'],
  ])('answers 404 for %s', async (_case, path) => {
    const response = await (await visitor(t)).get(`/api/communities/${path}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, code: 'not_found', message: 'Community not found.' });
  });

  it('answers 404 for a deleted community', async () => {
    const gone = await makeCommunity(owner.browser);
    await t.sql`update communities set deleted_at = now() where id = ${gone.id}`;
    expect((await owner.browser.get(`/api/communities/${gone.id}`)).statusCode).toBe(404);
    expect((await owner.browser.get(`/api/communities/${gone.name}?byName=true`)).statusCode).toBe(404);
  });
});

describe('PUT /api/communities/:id', () => {
  let community: Community;
  let owner: SignedUp;
  beforeAll(async () => {
    owner = await makeUser(t);
    community = await makeCommunity(owner.browser, { about: 'Before.' });
  });

  it('answers 401 to visitors', async () => {
    const response = await put(await visitor(t), `/api/communities/${community.id}`, { about: 'x' });
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 to a user who does not moderate the community', async () => {
    const { browser } = await makeUser(t);
    const response = await put(browser, `/api/communities/${community.id}`, { about: 'Hijacked.' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: 403, code: 'forbidden', message: 'Forbidden.' });
    expect((await browser.get(`/api/communities/${community.id}`)).json().about).toBe('Before.');
  });

  it('lets a mod change the description and the posting restriction', async () => {
    const response = await put(owner.browser, `/api/communities/${community.id}`, { about: 'After.', postingRestricted: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: community.id, about: 'After.', postingRestricted: true, userMod: true });
  });

  it('keeps a field that is left out', async () => {
    await put(owner.browser, `/api/communities/${community.id}`, { about: 'Kept.', postingRestricted: true });
    const response = await put(owner.browser, `/api/communities/${community.id}`, { postingRestricted: false });
    expect(response.json()).toMatchObject({ about: 'Kept.', postingRestricted: false });
  });

  it('lets an admin who is not a mod change it', async () => {
    const response = await put(admin.browser, `/api/communities/${community.id}`, { about: 'By an admin.' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ about: 'By an admin.', userMod: false });
  });

  it('accepts a description of 2000 characters and refuses 2001', async () => {
    const ok = await put(owner.browser, `/api/communities/${community.id}`, { about: 'y'.repeat(2000) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().about).toHaveLength(2000);
    const tooLong = await put(owner.browser, `/api/communities/${community.id}`, { about: 'y'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ status: 400, code: 'bad_request', message: 'Description has to be at most 2000 characters.' });
  });

  it('answers 400 for a posting restriction that is not a boolean', async () => {
    const response = await put(owner.browser, `/api/communities/${community.id}`, { postingRestricted: 'yes' });
    expect(response.statusCode).toBe(400);
  });

  it('answers 404 for an unknown community', async () => {
    const response = await put(admin.browser, '/api/communities/0190a0a0-0000-7000-8000-000000000000', { about: 'x' });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/_joinCommunity', () => {
  let community: Community;
  beforeAll(async () => {
    const owner = await makeUser(t);
    community = await makeCommunity(owner.browser);
  });

  const noMembers = async (id: string) => {
    const [row] = await t.sql<{ noMembers: number; counted: number }[]>`
      select no_members, (select count(*)::int from community_members where community_id = ${id}) as counted
      from communities where id = ${id}`;
    return row;
  };

  it('answers 401 to visitors', async () => {
    const response = await (await visitor(t)).post('/api/_joinCommunity', { communityId: community.id, leave: false });
    expect(response.statusCode).toBe(401);
  });

  it('joins and leaves, keeping the member count, and both are idempotent', async () => {
    const { browser } = await makeUser(t);
    const joined = await browser.post('/api/_joinCommunity', { communityId: community.id, leave: false });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ id: community.id, userJoined: true, userMod: false, noMembers: 2 });

    const again = await browser.post('/api/_joinCommunity', { communityId: community.id });
    expect(again.json()).toMatchObject({ userJoined: true, noMembers: 2 });

    const left = await browser.post('/api/_joinCommunity', { communityId: community.id, leave: true });
    expect(left.json()).toMatchObject({ userJoined: false, noMembers: 1 });
    const leftAgain = await browser.post('/api/_joinCommunity', { communityId: community.id, leave: true });
    expect(leftAgain.json()).toMatchObject({ userJoined: false, noMembers: 1 });
    expect(await noMembers(community.id)).toEqual({ noMembers: 1, counted: 1 });
  });

  it('keeps the count exact under 10 simultaneous joins', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => makeUser(t)));
    const before = (await noMembers(community.id))?.noMembers ?? 0;
    const responses = await Promise.all(
      users.map((u) => u.browser.post('/api/_joinCommunity', { communityId: community.id, leave: false })),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    expect(await noMembers(community.id)).toEqual({ noMembers: before + 10, counted: before + 10 });

    await Promise.all(users.map((u) => u.browser.post('/api/_joinCommunity', { communityId: community.id, leave: true })));
    expect(await noMembers(community.id)).toEqual({ noMembers: before, counted: before });
  });

  it('counts one membership when the same user joins many times at once', async () => {
    const { browser } = await makeUser(t);
    const before = (await noMembers(community.id))?.noMembers ?? 0;
    await Promise.all(Array.from({ length: 6 }, () => browser.post('/api/_joinCommunity', { communityId: community.id })));
    expect(await noMembers(community.id)).toEqual({ noMembers: before + 1, counted: before + 1 });
    await Promise.all(Array.from({ length: 6 }, () => browser.post('/api/_joinCommunity', { communityId: community.id, leave: true })));
    expect(await noMembers(community.id)).toEqual({ noMembers: before, counted: before });
  });

  it('shows joined communities in the sidebar of /api/_initial', async () => {
    const { browser } = await makeUser(t);
    await browser.post('/api/_joinCommunity', { communityId: community.id });
    const initial = (await browser.get('/api/_initial')).json();
    expect(initial.communities.map((c: Community) => c.id)).toEqual([community.id]);
    expect(initial.communities[0].userJoined).toBe(true);
  });

  it('answers 404 for an unknown community and 400 without an id', async () => {
    const { browser } = await makeUser(t);
    const unknown = await browser.post('/api/_joinCommunity', { communityId: '0190a0a0-0000-7000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Community not found.');
    const malformed = await browser.post('/api/_joinCommunity', { communityId: 'nope' });
    expect(malformed.statusCode).toBe(404);
    const missing = await browser.post('/api/_joinCommunity', { leave: false });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Invalid id.');
  });
});

describe('POST /api/_admin default communities', () => {
  let community: Community;
  beforeAll(async () => {
    const owner = await makeUser(t);
    community = await makeCommunity(owner.browser, { name: uniqueName('Default') });
  });

  it('answers 401 to visitors and 403 to users who are not admins', async () => {
    const body = { action: 'add_default_forum', name: community.name };
    expect((await (await visitor(t)).post('/api/_admin', body)).statusCode).toBe(401);
    const { browser } = await makeUser(t);
    const response = await browser.post('/api/_admin', body);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: 403, code: 'forbidden', message: 'Forbidden.' });
  });

  it('adds a default community that visitors get in /api/_initial, then removes it', async () => {
    const added = await admin.browser.post('/api/_admin', { action: 'add_default_forum', name: community.name.toLowerCase() });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ success: true });
    const twice = await admin.browser.post('/api/_admin', { action: 'add_default_forum', name: community.name });
    expect(twice.json()).toEqual({ success: true });

    const initial = (await (await visitor(t)).get('/api/_initial')).json();
    const listed = initial.communities.filter((c: Community) => c.id === community.id);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ isDefault: true, userJoined: false, userMod: false });
    expect((await admin.browser.get(`/api/communities/${community.id}`)).json().isDefault).toBe(true);

    const removed = await admin.browser.post('/api/_admin', { action: 'remove_default_forum', name: community.name });
    expect(removed.json()).toEqual({ success: true });
    // With no default communities left, visitors get the largest ones: it may be among them, no longer as a default.
    const after = (await (await visitor(t)).get('/api/_initial')).json();
    expect(after.communities.filter((c: Community) => c.isDefault)).toEqual([]);
    expect((await admin.browser.get(`/api/communities/${community.id}`)).json().isDefault).toBe(false);
  });

  it('answers 404 for an unknown community name', async () => {
    const response = await admin.browser.post('/api/_admin', { action: 'add_default_forum', name: 'no_such_place' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Community not found.');
  });

  it('answers 400 Unknown action. for actions it does not know', async () => {
    for (const body of [{ action: 'launch_rockets' }, {}]) {
      const response = await admin.browser.post('/api/_admin', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 400, code: 'bad_request', message: 'Unknown action.' });
    }
  });
});
