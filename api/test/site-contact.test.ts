import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { makeAdmin, makeUser, put, visitor } from './helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('has no contact address until an admin sets one, and the initial data carries it', async () => {
  const admin = await makeAdmin(t);
  expect((await admin.browser.get('/api/site_settings')).json()).toMatchObject({ contactEmail: '' });
  expect((await (await visitor(t)).get('/api/_initial')).json()).toMatchObject({ contactEmail: '' });

  const saved = await put(admin.browser, '/api/site_settings', { contactEmail: '  hello@quorum.example ' });
  expect(saved.json()).toMatchObject({ contactEmail: 'hello@quorum.example', signupsDisabled: false });
  expect((await (await visitor(t)).get('/api/_initial')).json()).toMatchObject({ contactEmail: 'hello@quorum.example' });

  // Other changes leave it alone; an empty one hides the links again.
  expect((await put(admin.browser, '/api/site_settings', { signupsDisabled: false })).json()).toMatchObject({ contactEmail: 'hello@quorum.example' });
  expect((await put(admin.browser, '/api/site_settings', { contactEmail: '' })).json()).toMatchObject({ contactEmail: '' });
});

it('refuses an address that is not an email, without repeating it', async () => {
  const admin = await makeAdmin(t);
  for (const contactEmail of ['not an email', 'a@b', '@example.com', `${'x'.repeat(320)}@example.com`, 42]) {
    const response = await put(admin.browser, '/api/site_settings', { contactEmail });
    expect(response.json()).toEqual({ status: 400, code: 'bad_request', message: 'Enter a valid email address.' });
  }
  expect((await admin.browser.get('/api/site_settings')).json()).toMatchObject({ contactEmail: '' });
});

it('lets only admins change it', async () => {
  const user = await makeUser(t, 1);
  expect((await put(user.browser, '/api/site_settings', { contactEmail: 'me@example.com' })).statusCode).toBe(403);
  expect((await put(await visitor(t), '/api/site_settings', { contactEmail: 'me@example.com' })).statusCode).toBe(401);
});

it('hands out the points needed to create a community, which admins can change', async () => {
  const admin = await makeAdmin(t);
  expect((await (await visitor(t)).get('/api/_initial')).json()).toMatchObject({ communityCreateReqPoints: 10 });
  await put(admin.browser, '/api/site_settings', { communityCreateReqPoints: 25 });
  expect((await (await visitor(t)).get('/api/_initial')).json()).toMatchObject({ communityCreateReqPoints: 25 });
  const poor = await makeUser(t, 24);
  expect((await poor.browser.post('/api/communities', { name: 'needs_points', about: '' })).json())
    .toMatchObject({ status: 403, code: 'not_enough_points', message: 'You need at least 25 points to create a community.' });
  expect((await put(admin.browser, '/api/site_settings', { communityCreateReqPoints: -1 })).statusCode).toBe(400);
  await put(admin.browser, '/api/site_settings', { communityCreateReqPoints: 10 });
});

it("shows visitors the largest communities while the site has no default ones", async () => {
  const owner = await makeUser(t, 100);
  const names: string[] = [];
  for (let i = 0; i < 12; i++) {
    const name = `size_${String(i).padStart(2, '0')}`;
    const [row] = await t.sql<{ id: string }[]>`insert into communities (name, no_members) values (${name}, ${100 + i}) returning id`;
    names.push(name);
    if (i === 0) await t.sql`insert into community_members (community_id, user_id) values (${row!.id}, ${owner.user.id})`;
  }
  const shown = (await (await visitor(t)).get('/api/_initial')).json().communities.map((c: { name: string }) => c.name);
  expect(shown).toEqual(names.slice(2).sort());
  // The user's own list stays the communities they joined.
  expect((await owner.browser.get('/api/_initial')).json().communities.map((c: { name: string }) => c.name)).toEqual(['size_00']);

  await t.sql`insert into default_communities (community_id) select id from communities where name = 'size_00'`;
  expect((await (await visitor(t)).get('/api/_initial')).json().communities.map((c: { name: string }) => c.name)).toEqual(['size_00']);
});
