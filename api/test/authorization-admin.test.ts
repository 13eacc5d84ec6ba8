// Every admin call against every role: admins only (401 for visitors, 403 for everybody else),
// except asking for a community, which every logged-in user may do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, uniqueName, type TestApp, type TestResponse } from './helpers/app.ts';
import { makeUser } from './helpers/factories.ts';
import { ADMIN_ONLY, makeCast, ROLES, type Actor, type Cast, type Role } from './helpers/roles.ts';

let t: TestApp;
let cast: Cast;
let target: string;
beforeAll(async () => {
  t = await buildTestApp();
  cast = await makeCast(t);
  target = (await makeUser(t)).username;
});
afterAll(() => t.close());

const admin = () => cast.actors.admin.browser;

async function newCommunityRequest(): Promise<string> {
  const response = await cast.actors.member.browser.post('/api/community_requests', { name: uniqueName('req'), note: '' });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

async function newIpBlock(): Promise<string> {
  const response = await admin().post('/api/ipblocks', { address: '192.0.2.1', expiresIn: null, note: '' });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

interface Call {
  name: string;
  run(actor: Actor): Promise<TestResponse>;
  expected: Record<Role, number>;
}

const adminOnly = (name: string, run: Call['run'], adminStatus = 200): Call => ({ name, run, expected: { ...ADMIN_ONLY, admin: adminStatus } });

const CALLS: Call[] = [
  adminOnly('POST /api/_admin ban_user', ({ browser }) => browser.post('/api/_admin', { action: 'ban_user', username: target })),
  adminOnly('POST /api/_admin ban_user with content deletion', ({ browser }) =>
    browser.post('/api/_admin', { action: 'ban_user', username: target, deleteContentDays: 0 })),
  adminOnly('POST /api/_admin unban_user', ({ browser }) => browser.post('/api/_admin', { action: 'unban_user', username: target })),
  adminOnly('POST /api/_admin deny_comm', async ({ browser }) =>
    browser.post('/api/_admin', { action: 'deny_comm', id: await newCommunityRequest(), body: 'No.' })),
  adminOnly('POST /api/_admin add_default_forum', ({ browser }) =>
    browser.post('/api/_admin', { action: 'add_default_forum', name: cast.community.name })),
  adminOnly('POST /api/_admin remove_default_forum', ({ browser }) =>
    browser.post('/api/_admin', { action: 'remove_default_forum', name: cast.community.name })),
  adminOnly('GET /api/users', ({ browser }) => browser.get('/api/users')),
  adminOnly('GET /api/users/{username}?adminsView=true', ({ browser }) => browser.get(`/api/users/${target}?adminsView=true`)),
  adminOnly('POST /api/users/{username}/badges', ({ browser }) => browser.post(`/api/users/${target}/badges`, { type: 'supporter' })),
  adminOnly('DELETE /api/users/{username}/badges/supporter', async ({ browser }) => {
    await t.sql`insert into user_badges (user_id, type) select id, 'supporter' from users where username = ${target} on conflict do nothing`;
    return browser.request('DELETE', `/api/users/${target}/badges/supporter?byType=true`);
  }),
  adminOnly('GET /api/comments', ({ browser }) => browser.get('/api/comments')),
  adminOnly('GET /api/community_requests', ({ browser }) => browser.get('/api/community_requests')),
  adminOnly('DELETE /api/community_requests/{id}', async ({ browser }) =>
    browser.request('DELETE', `/api/community_requests/${await newCommunityRequest()}`)),
  adminOnly('GET /api/ipblocks', ({ browser }) => browser.get('/api/ipblocks')),
  adminOnly('POST /api/ipblocks', ({ browser }) => browser.post('/api/ipblocks', { address: '192.0.2.*', expiresIn: 1, note: '' }), 201),
  adminOnly('DELETE /api/ipblocks/{id}', async ({ browser }) => browser.request('DELETE', `/api/ipblocks/${await newIpBlock()}`)),
  adminOnly('GET /api/automod', ({ browser }) => browser.get('/api/automod')),
  adminOnly('PUT /api/automod', ({ browser }) => browser.request('PUT', '/api/automod', { body: { words: [] } })),
  adminOnly('GET /api/analytics/bss', ({ browser }) => browser.get('/api/analytics/bss')),
  adminOnly('GET /api/site_settings', ({ browser }) => browser.get('/api/site_settings')),
  adminOnly('GET /api/_admin/health', ({ browser }) => browser.get('/api/_admin/health')),
  adminOnly('PUT /api/site_settings', ({ browser }) => browser.request('PUT', '/api/site_settings', { body: {} })),
  {
    name: 'POST /api/community_requests',
    run: ({ browser }) => browser.post('/api/community_requests', { name: uniqueName('ask'), note: 'Please.' }),
    expected: { visitor: 401, member: 201, bannedMember: 201, otherMod: 201, juniorMod: 201, seniorMod: 201, admin: 201 },
  },
];

describe('admin calls × roles', () => {
  it.each(CALLS.map((call) => [call.name, call] as const))('%s', async (_name, call) => {
    const statuses = {} as Record<Role, number>;
    for (const role of ROLES) statuses[role] = (await call.run(cast.actors[role])).statusCode;
    expect(statuses).toEqual(call.expected);
  });
});
