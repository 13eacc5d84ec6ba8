import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Community } from '@quorum/shared/entities/communities';
import { nextCursor } from '@quorum/client/api-client';
import { buildTestApp, type Browser, type TestApp } from './helpers/app.ts';
import { makeAdmin, makeCommunity, makeUser, visitor, type SignedUp } from './helpers/factories.ts';

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeAdmin(t);
});
afterAll(() => t.close());

interface Page {
  communities: Community[];
  next: string | null;
}

/** A page as the client reads it: the bare array, and the cursor of the `Link` header's next address. */
async function getPage(browser: Browser, query: string): Promise<Page> {
  const response = await browser.get(`/api/communities?${query}`);
  expect(response.statusCode).toBe(200);
  const communities = response.json<Community[]>();
  expect(Array.isArray(communities)).toBe(true);
  return { communities, next: nextCursor(response.headers.link ?? null) };
}

/** Follows `next` from the first page to the last; answers every community seen and the page sizes. */
async function walk(browser: Browser, sort: string, limit: number) {
  const seen: Community[] = [];
  const sizes: number[] = [];
  let next: string | null = null;
  do {
    const page: Page = await getPage(browser, `sort=${sort}&limit=${limit}${next ? `&next=${next}` : ''}`);
    seen.push(...page.communities);
    sizes.push(page.communities.length);
    next = page.next;
  } while (next && sizes.length < 100);
  return { seen, sizes };
}

describe('GET /api/communities', () => {
  let ids: string[];
  beforeAll(async () => {
    // 64 communities with many ties: sizes repeat every 4, creation times repeat in groups of 8,
    // and names mix cases so that an order by raw bytes would differ from the case-insensitive one.
    const rows = Array.from({ length: 64 }, (_, i) => ({
      name: `${i % 2 ? 'Walk' : 'walk'}_${String(i).padStart(2, '0')}${i % 3 ? 'A' : 'b'}`,
      noMembers: i % 4,
      createdAt: new Date(Date.UTC(2024, 0, 1 + Math.floor(i / 8))),
    }));
    await t.sql`
      insert into communities (name, no_members, created_at)
      select * from unnest(${rows.map((r) => r.name)}::text[], ${rows.map((r) => r.noMembers)}::int[],
        ${rows.map((r) => r.createdAt.toISOString())}::timestamptz[])`;
    // A deleted community is never listed.
    await t.sql`insert into communities (name, deleted_at) values ('walk_deleted', now())`;
    const live = await t.sql<{ id: string }[]>`select id from communities where deleted_at is null`;
    ids = live.map((row) => row.id);
  });

  const byKeys = (keys: Array<(c: Community) => string | number>, directions: Array<1 | -1>) =>
    (a: Community, b: Community) => {
      for (let k = 0; k < keys.length; k += 1) {
        const key = keys[k]!;
        const x = key(a);
        const y = key(b);
        if (x < y) return -directions[k]!;
        if (x > y) return directions[k]!;
      }
      return 0;
    };

  // Sort values compared the way the server orders them; the id breaks every tie.
  const orders: Record<string, (a: Community, b: Community) => number> = {
    size: byKeys([(c) => c.noMembers, (c) => c.id], [-1, -1]),
    name_asc: byKeys([(c) => c.name.toLowerCase(), (c) => c.id], [1, 1]),
    name_dsc: byKeys([(c) => c.name.toLowerCase(), (c) => c.id], [-1, -1]),
    new: byKeys([(c) => c.createdAt], [-1]),
    old: byKeys([(c) => c.createdAt], [1]),
  };

  it.each(['size', 'new', 'old', 'name_asc', 'name_dsc'])(
    'walks every community once in %s order across pages with ties',
    async (sort) => {
      const browser = await visitor(t);
      const { seen, sizes } = await walk(browser, sort, 7);
      expect(sizes.length).toBeGreaterThan(5);
      expect(sizes.slice(0, -1).every((n) => n === 7)).toBe(true);
      const seenIds = seen.map((c) => c.id);
      expect(new Set(seenIds).size).toBe(seenIds.length);
      expect([...seenIds].sort()).toEqual([...ids].sort());
      const order = orders[sort]!;
      for (let i = 1; i < seen.length; i += 1) expect(order(seen[i - 1]!, seen[i]!)).toBeLessThanOrEqual(0);
    },
  );

  it('orders names without regard to case', async () => {
    const { seen } = await walk(await visitor(t), 'name_asc', 50);
    const names = seen.map((c) => c.name).filter((name) => /^walk_/i.test(name));
    expect(names.slice(0, 3)).toEqual(['walk_00b', 'Walk_01A', 'walk_02A']);
  });

  it('keeps the database order within a tie of creation times', async () => {
    const { seen } = await walk(await visitor(t), 'old', 5);
    const [expected] = await t.sql<{ ids: string[] }[]>`
      select array_agg(id order by created_at, id) as ids from communities where deleted_at is null`;
    expect(seen.map((c) => c.id)).toEqual(expected?.ids);
  });

  it('sorts by size by default, 30 to a page, and at most 50', async () => {
    const first = await getPage(await visitor(t), '');
    expect(first.communities).toHaveLength(30);
    expect(first.next).not.toBeNull();
    const sizes = first.communities.map((c) => c.noMembers);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    const big = await getPage(await visitor(t), 'limit=500');
    expect(big.communities).toHaveLength(50);
  });

  it('answers next null on the last page', async () => {
    const page = await getPage(await visitor(t), 'sort=new&limit=50');
    const rest = await getPage(await visitor(t), `sort=new&limit=50&next=${page.next}`);
    expect(rest.communities.length).toBe(ids.length - 50);
    expect(rest.next).toBeNull();
  });

  it.each([
    ['garbage', 'sort=size&next=garbage'],
    ['a cursor of another sort', 'sort=new&next=SIZE'],
    ['a cursor with a wrong value type', 'sort=size&next=BADVALUE'],
  ])('answers 400 invalid_cursor for %s', async (_case, template) => {
    const browser = await visitor(t);
    const sizeCursor = (await getPage(browser, 'sort=size&limit=2')).next ?? '';
    const badValue = Buffer.from(JSON.stringify(['size', 'many', ids[0]])).toString('base64url');
    const query = template.replace('SIZE', sizeCursor).replace('BADVALUE', badValue);
    const response = await browser.get(`/api/communities?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 400, code: 'invalid_cursor', message: 'Invalid cursor.' });
  });

  it.each([
    ['sort=hot', 'Invalid sort.'],
    ['limit=0', 'Invalid limit.'],
    ['limit=ten', 'Invalid limit.'],
  ])('answers 400 for %s', async (query, message) => {
    const response = await (await visitor(t)).get(`/api/communities?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 400, code: 'bad_request', message });
  });

  it('answers the viewer fields for each viewer', async () => {
    const owner = await makeUser(t);
    const mine = await makeCommunity(owner.browser, { name: 'zz_viewer_mine' });
    const joiner = await makeUser(t);
    await joiner.browser.post('/api/_joinCommunity', { communityId: mine.id });
    const find = (page: Page) => page.communities.find((c) => c.id === mine.id);
    const query = 'sort=name_dsc&limit=5';
    expect(find(await getPage(owner.browser, query))).toMatchObject({ userJoined: true, userMod: true, noMembers: 2 });
    expect(find(await getPage(joiner.browser, query))).toMatchObject({ userJoined: true, userMod: false });
    expect(find(await getPage(await visitor(t), query))).toMatchObject({ userJoined: false, userMod: false });
  });
});

describe('GET /api/communities as the reference documents it', () => {
  it('answers a bare array and names the next page in a Link header', async () => {
    for (let n = 0; n < 3; n += 1) await makeCommunity(admin.browser);
    const response = await (await visitor(t)).get('/api/communities?sort=new&limit=2');
    expect(Array.isArray(response.json())).toBe(true);
    expect(response.json<Community[]>()).toHaveLength(2);
    expect(response.headers.link).toMatch(/^<\/api\/communities\?sort=new&limit=2&next=[A-Za-z0-9_-]+>; rel="next"$/);
    const next = await (await visitor(t)).get(`/api/communities?sort=new&limit=2&next=${nextCursor(response.headers.link ?? null)}`);
    expect(next.statusCode).toBe(200);
    expect(next.json<Community[]>().map((c) => c.id)).not.toContain(response.json<Community[]>()[0]?.id);
  });
});

describe('GET /api/communities?q= (suggestions)', () => {
  beforeAll(async () => {
    const rows = [
      { name: 'Pets', noMembers: 1 },
      { name: 'carpets', noMembers: 90 },
      { name: 'Pets_lovers', noMembers: 50 },
      { name: 'petshop', noMembers: 70 },
      ...Array.from({ length: 12 }, (_, i) => ({ name: `petsx_${i}`, noMembers: i })),
    ];
    await t.sql`
      insert into communities (name, no_members)
      select * from unnest(${rows.map((r) => r.name)}::text[], ${rows.map((r) => r.noMembers)}::int[])`;
    await t.sql`insert into communities (name, no_members, deleted_at) values ('pets_gone', 1000, now())`;
  });

  it('puts the exact match first, then the largest, 10 by default, with no next', async () => {
    const page = await getPage(await visitor(t), 'sort=size&q=PETS');
    expect(page.next).toBeNull();
    expect(page.communities.map((c) => c.name)).toEqual([
      'Pets', 'carpets', 'petshop', 'Pets_lovers', 'petsx_11', 'petsx_10', 'petsx_9', 'petsx_8', 'petsx_7', 'petsx_6',
    ]);
  });

  it('takes a limit', async () => {
    const page = await getPage(await visitor(t), 'q=pets&limit=3');
    expect(page.communities.map((c) => c.name)).toEqual(['Pets', 'carpets', 'petshop']);
  });

  it('matches an underscore literally', async () => {
    const page = await getPage(await visitor(t), 'q=s_l');
    expect(page.communities.map((c) => c.name)).toEqual(['Pets_lovers']);
  });

  it('answers an empty list when nothing matches', async () => {
    const page = await getPage(await visitor(t), 'q=nothing_like_this');
    expect(page).toEqual({ communities: [], next: null });
  });

  it('answers the viewer fields', async () => {
    const page = await getPage(admin.browser, 'q=Pets&limit=1');
    expect(page.communities[0]).toMatchObject({ name: 'Pets', userJoined: false, userMod: false, isDefault: false });
  });
});
