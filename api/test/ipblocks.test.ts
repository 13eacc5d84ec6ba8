import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IpBlock, IpBlocksPage } from '@quorum/shared/entities/ip-blocks';
import { BLOCKS_REFRESH_MS, createIpBlockList } from '../src/ipblocks/enforce.ts';
import { Browser, buildTestApp, uniqueName, type TestApp } from './helpers/app.ts';
import { del, makeAdmin, makeUser, type SignedUp } from './helpers/factories.ts';

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeAdmin(t);
});
afterAll(() => t.close());

async function block(body: object): Promise<IpBlock> {
  const response = await admin.browser.post('/api/ipblocks', { expiresIn: null, note: '', ...body });
  expect(response.statusCode).toBe(201);
  return response.json();
}

/** Signs up from `ip`; the browser keeps that address. */
async function signUpFrom(ip: string, username = uniqueName()) {
  const browser = await new Browser(t.app, ip).open();
  const response = await browser.post('/api/_signup', { username, password: 'correct horse battery', email: '' });
  expect(response.statusCode).toBe(201);
  return { browser, username };
}

/** A write any logged-in user may make. */
const write = (browser: Browser) => browser.post('/api/community_requests', { name: uniqueName('w'), note: '' });

async function listAll(): Promise<IpBlock[]> {
  const all: IpBlock[] = [];
  let next: string | null = null;
  do {
    const page: IpBlocksPage = (await admin.browser.get(`/api/ipblocks${next ? `?next=${next}` : ''}`)).json();
    all.push(...page.blocks);
    next = page.next;
  } while (next);
  return all;
}

describe('POST /api/ipblocks', () => {
  it('turns wildcards into CIDR ranges, for IPv4 and IPv6', async () => {
    const v4 = await block({ address: '198.51.*.*', note: 'Spam wave.' });
    expect(v4).toMatchObject({ ip: '198.51.0.0/16', maskedBits: 16, createdBy: admin.username, inEffect: true, cancelledAt: null, note: 'Spam wave.' });
    expect(v4.expiresAt).toBeNull();
    const v6 = await block({ address: '2001:db8:*:*:*:*:*:*' });
    expect(v6).toMatchObject({ ip: '2001:db8::/32', maskedBits: 32, note: null });
    expect(await block({ address: '203.0.113.9' })).toMatchObject({ ip: '203.0.113.9', maskedBits: 32 });
    expect(await block({ address: '203.0.113.77/24' })).toMatchObject({ ip: '203.0.113.0/24', maskedBits: 24 });
    expect(await block({ address: '2001:DB8:0:0:0:0:0:5/128' })).toMatchObject({ ip: '2001:db8::5', maskedBits: 128 });
  });

  it('refuses invalid addresses and expiry values with a clear 400, never echoing them', async () => {
    for (const address of ['*', '*.*.*.*', '192.*.1.*', '10.0.0.*/8', '300.1.1.1', 'evil<script>', '10.0.0.0/40', '']) {
      const response = await admin.browser.post('/api/ipblocks', { address, expiresIn: null });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^Invalid IP address/);
      expect(response.body).not.toContain('script');
    }
    for (const expiresIn of [0, -5, 'tomorrow', '3 days', true]) {
      const response = await admin.browser.post('/api/ipblocks', { address: '192.0.2.1', expiresIn });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 400, code: 'bad_request', message: 'Invalid expires in value' });
    }
  });

  it('sets the expiry from a number of hours, given as a number or as text', async () => {
    const before = Date.now();
    const inADay = await block({ address: '192.0.2.10', expiresIn: 24 });
    const hours = (Date.parse(inADay.expiresAt ?? '') - before) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThan(24.1);
    const fromText = await block({ address: '192.0.2.11', expiresIn: ' 2 ' });
    expect((Date.parse(fromText.expiresAt ?? '') - before) / 3_600_000).toBeLessThan(2.1);
    expect((await block({ address: '192.0.2.12', expiresIn: '' })).expiresAt).toBeNull();
  });
});

describe('a blocked address', () => {
  it('cannot make changes, but can still read, log in and out; admins are exempt; cancelling lifts it', async () => {
    const blocked = await signUpFrom('10.20.3.4');
    const elsewhere = await makeUser(t);
    expect((await write(blocked.browser)).statusCode).toBe(201);

    const made = await block({ address: '10.20.*.*', note: 'Abuse.' });
    expect(made.associatedUsers).toEqual([blocked.username]);
    expect(made.noAssociatedUsers).toBe(1);

    const refused = await write(blocked.browser);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      status: 403,
      code: 'ip_blocked',
      message: 'Your network address is blocked from making changes on this site.',
    });
    expect((await blocked.browser.request('PUT', '/api/site_settings', { body: {} })).json().code).toBe('ip_blocked');
    expect((await blocked.browser.request('DELETE', '/api/community_requests/x')).json().code).toBe('ip_blocked');
    expect((await write(elsewhere.browser)).statusCode).toBe(201);

    // Reading still works.
    expect((await blocked.browser.get('/api/_user')).statusCode).toBe(200);
    expect((await blocked.browser.get('/api/posts')).statusCode).toBe(200);
    // Logging out and in stays allowed; signing up does not.
    expect((await blocked.browser.post('/api/_login?action=logout')).statusCode).toBe(200);
    expect((await blocked.browser.post('/api/_login', { username: blocked.username, password: 'correct horse battery' })).statusCode).toBe(200);
    const stranger = await new Browser(t.app, '10.20.200.1').open();
    const signup = await stranger.post('/api/_signup', { username: uniqueName(), password: 'correct horse battery', email: '' });
    expect(signup.statusCode).toBe(403);
    expect(signup.json().code).toBe('ip_blocked');

    // An admin on a blocked address is not locked out.
    const adminThere = await new Browser(t.app, '10.20.9.9').open();
    expect((await adminThere.post('/api/_login', { username: admin.username, password: admin.password })).statusCode).toBe(200);
    expect((await write(adminThere)).statusCode).toBe(201);

    const cancelled = await del(admin.browser, `/api/ipblocks/${made.id}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: made.id, inEffect: false });
    expect(cancelled.json().cancelledAt).not.toBeNull();
    expect((await write(blocked.browser)).statusCode).toBe(201);
    expect((await listAll()).find((b) => b.id === made.id)).toMatchObject({ inEffect: false });
  });

  it('blocks an IPv6 range and the IPv4-mapped form of a blocked IPv4 address', async () => {
    const v6 = await signUpFrom('2001:db9:77::1');
    const mapped = await signUpFrom('::ffff:10.30.0.1');
    await block({ address: '2001:db9:77::/48' });
    await block({ address: '10.30.0.1' });
    expect((await write(v6.browser)).json().code).toBe('ip_blocked');
    expect((await write(mapped.browser)).json().code).toBe('ip_blocked');
  });

  it('written as an IPv4-mapped address, is kept and enforced as the IPv4 address', async () => {
    const plain = await signUpFrom('10.31.0.1');
    const mapped = await signUpFrom('::ffff:10.31.0.1');
    const neighbour = await signUpFrom('10.31.0.2');
    const made = await block({ address: '::ffff:10.31.0.1' });
    expect(made).toMatchObject({ ip: '10.31.0.1', maskedBits: 32 });
    expect((await write(plain.browser)).json().code).toBe('ip_blocked');
    expect((await write(mapped.browser)).json().code).toBe('ip_blocked');
    expect((await write(neighbour.browser)).statusCode).toBe(201);
    expect(await block({ address: '::ffff:10.32.0.9/120' })).toMatchObject({ ip: '10.32.0.0/24', maskedBits: 24 });
    const refused = await admin.browser.post('/api/ipblocks', { address: '::ffff:0.0.0.0/96', expiresIn: null });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^Invalid IP address/);
  });

  it('stored as an IPv4-mapped address before they were turned into IPv4, still matches', async () => {
    const user = await signUpFrom('10.33.0.1');
    await t.sql`insert into ip_blocks (ip, masked_bits) values ('::ffff:10.33.0.1', 128)`;
    // Any change to the blocks reloads them on this server.
    await block({ address: '192.0.2.201' });
    expect((await write(user.browser)).json().code).toBe('ip_blocked');
  });

  it('on a single IPv6 address covers its /64, unless written with /128', async () => {
    const blocked = await signUpFrom('2001:db7:64:1::10');
    const nextNetwork = await signUpFrom('2001:db7:64:2::10');
    const made = await block({ address: '2001:db7:64:1::5' });
    expect(made).toMatchObject({ ip: '2001:db7:64:1::/64', maskedBits: 64 });
    expect(made.associatedUsers).toEqual([blocked.username]);
    expect((await write(blocked.browser)).json().code).toBe('ip_blocked');
    expect((await write(nextNetwork.browser)).statusCode).toBe(201);
    const moved = await new Browser(t.app, '2001:db7:64:1:ffff:ffff:ffff:1').open();
    const signup = await moved.post('/api/_signup', { username: uniqueName(), password: 'correct horse battery', email: '' });
    expect(signup.statusCode).toBe(403);
    expect(signup.json().code).toBe('ip_blocked');

    const exact = await signUpFrom('2001:db7:65::10');
    const sameNetwork = await signUpFrom('2001:db7:65::11');
    expect(await block({ address: '2001:db7:65::10/128' })).toMatchObject({ ip: '2001:db7:65::10', maskedBits: 128 });
    expect((await write(exact.browser)).json().code).toBe('ip_blocked');
    expect((await write(sameNetwork.browser)).statusCode).toBe(201);
  });

  it('is free again once the block expires', async () => {
    const user = await signUpFrom('10.40.0.8');
    const made = await block({ address: '10.40.0.8', expiresIn: 1 });
    expect((await write(user.browser)).statusCode).toBe(403);
    await t.sql`update ip_blocks set expires_at = now() - interval '1 second' where id = ${made.id}`;
    // Any change to the blocks reloads them on this server (others reload within 30 s).
    await block({ address: '192.0.2.200' });
    expect((await write(user.browser)).statusCode).toBe(201);
    expect((await listAll()).find((b) => b.id === made.id)).toMatchObject({ inEffect: false, cancelledAt: null });
  });
});

describe('GET and DELETE /api/ipblocks', () => {
  it('lists blocks newest first in pages, with at most 10 associated usernames and their total', async () => {
    for (let i = 0; i < 12; i += 1) await signUpFrom(`10.50.0.${i + 1}`);
    const crowded = await block({ address: '10.50.0.*' });
    expect(crowded.associatedUsers).toHaveLength(10);
    expect(crowded.noAssociatedUsers).toBe(12);
    for (let i = 0; i < 21; i += 1) await block({ address: `192.0.2.${100 + i}` });
    const first: IpBlocksPage = (await admin.browser.get('/api/ipblocks')).json();
    expect(first.blocks).toHaveLength(20);
    expect(first.blocks[0]?.ip).toBe('192.0.2.120');
    expect(first.next).toEqual(expect.any(String));
    const all = await listAll();
    expect(new Set(all.map((b) => b.id)).size).toBe(all.length);
    expect(all.findIndex((b) => b.id === crowded.id)).toBe(21);
  });

  it('answers 404 for an unknown block, and cancelling twice keeps the first time', async () => {
    expect((await del(admin.browser, '/api/ipblocks/0190a0a0-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await del(admin.browser, '/api/ipblocks/nope')).json()).toEqual({ status: 404, code: 'not_found', message: 'IP block not found.' });
    const made = await block({ address: '192.0.2.250' });
    const once = (await del(admin.browser, `/api/ipblocks/${made.id}`)).json();
    const twice = (await del(admin.browser, `/api/ipblocks/${made.id}`)).json();
    expect(twice.cancelledAt).toBe(once.cancelledAt);
  });
});

describe('the in-memory list of blocks', () => {
  it('sees changes made elsewhere once BLOCKS_REFRESH_MS (2 s) have passed since it last loaded', async () => {
    expect(BLOCKS_REFRESH_MS).toBe(2_000);
    const list = createIpBlockList(t.sql);
    const [row] = await t.sql<{ id: string }[]>`insert into ip_blocks (ip, masked_bits) values ('10.60.0.0', 16) returning id`;
    // The list loads at the first question, not before `loading`.
    const loading = Date.now();
    expect(await list.isBlocked('10.60.1.1')).toBe(true);
    expect(await list.isBlocked('10.61.1.1')).toBe(false);
    await t.sql`update ip_blocks set cancelled_at = now() where id = ${row?.id ?? ''}`;
    const stale = Date.now() + BLOCKS_REFRESH_MS;
    const clock = vi.spyOn(Date, 'now');
    try {
      clock.mockReturnValue(loading + BLOCKS_REFRESH_MS - 1);
      expect(await list.isBlocked('10.60.1.1')).toBe(true);
      clock.mockReturnValue(stale);
      expect(await list.isBlocked('10.60.1.1')).toBe(false);
    } finally {
      clock.mockRestore();
    }
  });
});
