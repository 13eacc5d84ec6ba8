import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextCursor } from '@quorum/client/api-client';
import type { CommunityRequest } from '@quorum/shared/entities/community-requests';
import { buildTestApp, uniqueName, type TestApp } from './helpers/app.ts';
import { eventually } from './helpers/eventually.ts';
import { del, makeAdmin, makeCommunity, makeUser, visitor, type SignedUp } from './helpers/factories.ts';

let t: TestApp;
let admin: SignedUp;
let requester: SignedUp;
beforeAll(async () => {
  t = await buildTestApp({ jobPollMs: 500 });
  admin = await makeAdmin(t);
  requester = await makeUser(t);
});
afterAll(() => t.close());

/** Background jobs run on their own time: asks again until `check` passes (or gives up after 20 s). */
async function request(by: SignedUp, name = uniqueName('req'), note: string | null = 'We need it.'): Promise<CommunityRequest> {
  const response = await by.browser.post('/api/community_requests', { name, note });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function listAll(): Promise<CommunityRequest[]> {
  const all: CommunityRequest[] = [];
  let next: string | null = null;
  do {
    const response = await admin.browser.get(`/api/community_requests${next ? `?next=${next}` : ''}`);
    expect(response.statusCode).toBe(200);
    all.push(...response.json<CommunityRequest[]>());
    next = nextCursor(response.headers.link ?? null);
  } while (next);
  return all;
}

describe('POST /api/community_requests', () => {
  it('lets any logged-in user request a community; visitors get 401', async () => {
    const name = uniqueName('Gardening');
    const created = await request(requester, name, '  For growing things.  ');
    expect(created).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      byUser: requester.username,
      communityName: name,
      note: 'For growing things.',
      communityExists: false,
      deniedAt: null,
      deniedBy: null,
      deniedNote: null,
    });
    const anonymous = await (await visitor(t)).post('/api/community_requests', { name: 'anything', note: '' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a name under 3 or over 21 characters and a note over 500, without echoing them', async () => {
    for (const [body, message] of [
      [{ name: 'ab', note: '' }, 'Community name has to have at least 3 characters.'],
      [{ name: '   ab  ', note: '' }, 'Community name has to have at least 3 characters.'],
      [{ note: '' }, 'Community name has to have at least 3 characters.'],
      [{ name: 'x'.repeat(22), note: '' }, 'Community name has to have at most 21 characters.'],
      [{ name: 'fine_name', note: 'n'.repeat(501) }, 'The note has to be at most 500 characters.'],
    ] as const) {
      const response = await requester.browser.post('/api/community_requests', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 400, code: 'bad_request', message });
    }
    expect((await requester.browser.post('/api/community_requests', { name: 'abc', note: 'n'.repeat(500) })).statusCode).toBe(201);
    expect((await requester.browser.post('/api/community_requests', { name: 'abcd' })).json().note).toBeNull();
  });
});

describe('GET and DELETE /api/community_requests', () => {
  it('lists requests newest first in pages, saying whether the community exists now', async () => {
    const existing = await makeCommunity(admin.browser, { name: uniqueName('Exists') });
    const first = await request(requester, existing.name.toLowerCase());
    const more: CommunityRequest[] = [];
    for (let i = 0; i < 52; i += 1) more.push(await request(requester));
    const all = await listAll();
    const ids = all.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.indexOf(more.at(-1)?.id ?? '')).toBe(0);
    expect(ids.indexOf(first.id)).toBeGreaterThan(ids.indexOf(more[0]?.id ?? ''));
    expect(all.find((r) => r.id === first.id)?.communityExists).toBe(true);
    expect(all.find((r) => r.id === more[0]?.id)?.communityExists).toBe(false);
    // A bare array, as the reference answers it, with the next page's address in a Link header.
    const firstPage = await admin.browser.get('/api/community_requests');
    expect(firstPage.json<CommunityRequest[]>()).toHaveLength(50);
    expect(firstPage.headers.link).toMatch(/^<\/api\/community_requests\?next=[A-Za-z0-9_-]+>; rel="next"$/);
    expect((await admin.browser.get('/api/community_requests?next=garbage')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await requester.browser.get('/api/community_requests')).statusCode).toBe(403);
    expect((await (await visitor(t)).get('/api/community_requests')).statusCode).toBe(401);
  });

  it('deletes a request (admins), 404 when it does not exist', async () => {
    const made = await request(requester);
    const response = await del(admin.browser, `/api/community_requests/${made.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await listAll()).some((r) => r.id === made.id)).toBe(false);
    expect((await del(admin.browser, `/api/community_requests/${made.id}`)).statusCode).toBe(404);
    expect((await del(admin.browser, '/api/community_requests/not-an-id')).statusCode).toBe(404);
  });
});

describe('POST /api/_admin deny_comm', () => {
  it('marks the request denied, tells the requester, and answers 409 already_denied the second time', async () => {
    const made = await request(requester, uniqueName('Denied'));
    const response = await admin.browser.post('/api/_admin', { action: 'deny_comm', id: made.id, body: 'Too close to an existing one.' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });

    const listed = (await listAll()).find((r) => r.id === made.id);
    expect(listed).toMatchObject({ deniedBy: admin.username, deniedNote: 'Too close to an existing one.' });
    expect(listed?.deniedAt).not.toBeNull();

    const notified = await eventually(
      () => t.sql<{ payload: { body: string } }[]>`select payload from notifications where user_id = ${requester.user.id} and type = 'denied_comm'`,
      (rows) => rows.length > 0,
    );
    expect(notified.map((row) => row.payload.body)).toContain('Too close to an existing one.');

    const other = await makeAdmin(t);
    const twice = await other.browser.post('/api/_admin', { action: 'deny_comm', id: made.id, body: 'No.' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ status: 409, code: 'already_denied', message: 'This request was already denied.' });
    expect((await listAll()).find((r) => r.id === made.id)?.deniedNote).toBe('Too close to an existing one.');
  });

  it('answers 404 for an unknown request and 400 for a note over the limit', async () => {
    const unknown = await admin.browser.post('/api/_admin', { action: 'deny_comm', id: '0190a0a0-0000-7000-8000-000000000000', body: '' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Community request not found.');
    const made = await request(requester);
    const long = await admin.browser.post('/api/_admin', { action: 'deny_comm', id: made.id, body: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('The note has to be at most 500 characters.');
  });
});
