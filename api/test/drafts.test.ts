// Drafts kept on the server, so that what a member started writing follows them to another device.
import { randomUUID } from 'node:crypto';
import type { Draft, Drafts } from '@quorum/shared/entities/drafts';
import { DRAFT_TOMBSTONE_KEPT_MS, DRAFT_TOMBSTONES_KEPT, DRAFT_VALUE_MAX, DRAFTS_KEPT } from '@quorum/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './helpers/app.ts';
import { makeUser, member as makeMember } from './helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const KEY = 'comment:0190a0a0-0000-7000-8000-000000000001';
const draft = (seq: number, value: unknown = 'Half a thought') => ({ value, label: 'Comment on “A post”', href: '/c/post/abc', seq });
const listOf = async (browser: Browser) => (await browser.get('/api/drafts')).json<Drafts>();

describe('drafts', () => {
  it('are saved, read on another device of the member, and only a later save replaces them', async () => {
    const member = await makeUser(t);
    const saved = await member.browser.request('PUT', `/api/drafts/${KEY}`, { body: draft(10) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Draft>()).toMatchObject({ key: KEY, value: 'Half a thought', seq: 10 });

    const laptop = await new Browser(t.app).open();
    await laptop.post('/api/_login', { username: member.username, password: member.password });
    expect(await listOf(laptop)).toEqual({ drafts: [expect.objectContaining({ key: KEY, value: 'Half a thought', seq: 10 })], deleted: [] });
    // A save made later on the laptop wins; an older one from the phone, arriving after it, changes nothing.
    await laptop.request('PUT', `/api/drafts/${KEY}`, { body: draft(20, 'A whole thought') });
    const stale = await member.browser.request('PUT', `/api/drafts/${KEY}`, { body: draft(15, 'Half a thought, edited') });
    expect(stale.json<Draft>()).toMatchObject({ value: 'A whole thought', seq: 20 });
    const post = { type: 'text', title: 'Basil', body: '', url: '' };
    await member.browser.request('PUT', '/api/drafts/post:new', { body: { ...draft(5, post), label: 'New post', href: '/new' } });
    const list = (await listOf(member.browser)).drafts;
    expect(list.map((item) => [item.key, item.value])).toEqual([['post:new', post], [KEY, 'A whole thought']]);

    // Deleted once sent, unless saved again since.
    const keys = async () => (await listOf(member.browser)).drafts.map((item) => item.key);
    expect((await member.browser.request('DELETE', `/api/drafts/${KEY}?seq=19`)).statusCode).toBe(204);
    expect(await keys()).toContain(KEY);
    expect((await member.browser.request('DELETE', `/api/drafts/${KEY}?seq=25`)).statusCode).toBe(204);
    expect(await keys()).toEqual(['post:new']);
  });

  it("are each member's own, for members only, and refuse bad keys and oversized values without echoing them", async () => {
    const owner = await makeUser(t);
    const other = await makeUser(t);
    await owner.browser.request('PUT', `/api/drafts/${KEY}`, { body: draft(1) });
    await owner.browser.request('DELETE', `/api/drafts/${KEY}?seq=2`);
    expect(await listOf(other.browser)).toEqual({ drafts: [], deleted: [] });
    const visitor = await new Browser(t.app).open();
    expect((await visitor.get('/api/drafts')).statusCode).toBe(401);
    expect((await visitor.request('PUT', `/api/drafts/${KEY}`, { body: draft(1) })).statusCode).toBe(401);

    const badKey = await owner.browser.request('PUT', '/api/drafts/<script>', { body: draft(1) });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.body).not.toContain('<script>');
    const tooBig = await owner.browser.request('PUT', `/api/drafts/${KEY}`, { body: draft(2, 'x'.repeat(DRAFT_VALUE_MAX)) });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json<{ message: string }>().message).toBe(`A draft can hold at most ${DRAFT_VALUE_MAX} characters.`);
    for (const href of ['https://evil.example/', '//evil.example/', '/\\evil.example/']) {
      const outside = await owner.browser.request('PUT', `/api/drafts/${KEY}`, { body: { ...draft(3), href } });
      expect(outside.statusCode, href).toBe(400);
    }
    expect((await owner.browser.request('DELETE', `/api/drafts/${KEY}?seq=abc`)).statusCode).toBe(400);
  });

  it('once deleted, are listed as deleted; an older or equal save changes nothing, a later one brings them back', async () => {
    const member = await makeUser(t);
    await member.browser.request('PUT', `/api/drafts/${KEY}`, { body: draft(10) });
    // Sent on the phone: the laptop, reading the list, learns that copies saved at 30 or before are gone.
    expect((await member.browser.request('DELETE', `/api/drafts/${KEY}?seq=30`)).statusCode).toBe(204);
    const laptop = await new Browser(t.app).open();
    await laptop.post('/api/_login', { username: member.username, password: member.password });
    expect(await listOf(laptop)).toEqual({ drafts: [], deleted: [{ key: KEY, seq: 30 }] });

    // The laptop's stale copy, uploaded late, is refused and the draft stays deleted.
    for (const seq of [20, 30]) {
      const stale = await laptop.request('PUT', `/api/drafts/${KEY}`, { body: draft(seq, 'Stale words') });
      expect(stale.statusCode, String(seq)).toBe(409);
      expect(stale.json()).toEqual({ status: 409, code: 'draft_deleted', message: 'This draft was deleted after this save.' });
    }
    // A delete older than the one kept leaves it at its seq.
    await laptop.request('DELETE', `/api/drafts/${KEY}?seq=25`);
    expect(await listOf(laptop)).toEqual({ drafts: [], deleted: [{ key: KEY, seq: 30 }] });

    // Written again afterwards, the draft is back, and no longer listed as deleted.
    const revived = await laptop.request('PUT', `/api/drafts/${KEY}`, { body: draft(31, 'Fresh words') });
    expect(revived.statusCode, revived.body).toBe(200);
    expect(revived.json<Draft>()).toMatchObject({ key: KEY, value: 'Fresh words', seq: 31 });
    expect(await listOf(member.browser)).toEqual({ drafts: [expect.objectContaining({ key: KEY, value: 'Fresh words', seq: 31 })], deleted: [] });

    // A delete older than the kept save leaves the draft, and records nothing.
    await member.browser.request('DELETE', `/api/drafts/${KEY}?seq=15`);
    expect(await listOf(member.browser)).toEqual({ drafts: [expect.objectContaining({ key: KEY, seq: 31 })], deleted: [] });
    // Deleting a draft the server never had still records it, for the devices that have it.
    const neverSaved = `reply:${randomUUID()}`;
    await member.browser.request('DELETE', `/api/drafts/${neverSaved}?seq=40`);
    expect((await listOf(member.browser)).deleted).toEqual([{ key: neverSaved, seq: 40 }]);
  });

  it('deleted do not count toward the drafts kept, and are forgotten once old', async () => {
    const { browser, id } = await makeMember(t);
    const gone = `comment:${randomUUID()}`;
    await browser.request('PUT', `/api/drafts/${gone}`, { body: draft(1) });
    await browser.request('DELETE', `/api/drafts/${gone}?seq=2`);
    const keys = Array.from({ length: DRAFTS_KEPT + 1 }, () => `comment:${randomUUID()}`);
    for (const [i, key] of keys.entries()) {
      const saved = await browser.request('PUT', `/api/drafts/${key}`, { body: draft(10 + i) });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    // The oldest live draft went to keep DRAFTS_KEPT; the deletion is still known.
    const list = await listOf(browser);
    expect(list.drafts).toHaveLength(DRAFTS_KEPT);
    expect(list.drafts.map((item) => item.key)).not.toContain(keys[0]);
    expect(list.deleted).toEqual([{ key: gone, seq: 2 }]);

    // Older than DRAFT_TOMBSTONE_KEPT_MS, a deletion is forgotten on the member's next write.
    await t.sql`
      update drafts set updated_at = now() - ${DRAFT_TOMBSTONE_KEPT_MS + 60_000}::float8 * interval '1 millisecond'
      where user_id = ${id} and key = ${gone}`;
    await browser.request('PUT', `/api/drafts/${keys[1]}`, { body: draft(1000) });
    expect((await listOf(browser)).deleted).toEqual([]);

    // Past DRAFT_TOMBSTONES_KEPT, the oldest deletions are forgotten too.
    await t.sql`
      insert into drafts (user_id, key, value, label, href, seq, deleted, updated_at)
      select ${id}, 'reply:' || gen_random_uuid(), 'null'::jsonb, '', '', n, true, now() - n * interval '1 second'
      from generate_series(1, ${DRAFT_TOMBSTONES_KEPT}::int) as n`;
    const latest = `reply:${randomUUID()}`;
    await browser.request('DELETE', `/api/drafts/${latest}?seq=5000`);
    const { deleted } = await listOf(browser);
    expect(deleted).toHaveLength(DRAFT_TOMBSTONES_KEPT);
    expect(deleted[0]).toEqual({ key: latest, seq: 5000 });
    expect(deleted.map((item) => item.seq)).not.toContain(DRAFT_TOMBSTONES_KEPT);
    const [{ count } = { count: 0 }] = await t.sql<{ count: number }[]>`select count(*)::int as count from drafts where user_id = ${id} and deleted`;
    expect(count).toBe(DRAFT_TOMBSTONES_KEPT);
  });
});
