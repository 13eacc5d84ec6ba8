// Drafts kept on the server, so that what a member started writing follows them to another device.
import type { Draft } from '@quorum/shared/entities/drafts';
import { DRAFT_VALUE_MAX } from '@quorum/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './helpers/app.ts';
import { makeUser } from './helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const KEY = 'comment:0190a0a0-0000-7000-8000-000000000001';
const draft = (seq: number, value: unknown = 'Half a thought') => ({ value, label: 'Comment on “A post”', href: '/c/post/abc', seq });

describe('drafts', () => {
  it('are saved, read on another device of the member, and only a later save replaces them', async () => {
    const member = await makeUser(t);
    const saved = await member.browser.request('PUT', `/api/drafts/${KEY}`, { body: draft(10) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Draft>()).toMatchObject({ key: KEY, value: 'Half a thought', seq: 10 });

    const laptop = await new Browser(t.app).open();
    await laptop.post('/api/_login', { username: member.username, password: member.password });
    expect((await laptop.get('/api/drafts')).json<Draft[]>()).toEqual([expect.objectContaining({ key: KEY, value: 'Half a thought', seq: 10 })]);
    // A save made later on the laptop wins; an older one from the phone, arriving after it, changes nothing.
    await laptop.request('PUT', `/api/drafts/${KEY}`, { body: draft(20, 'A whole thought') });
    const stale = await member.browser.request('PUT', `/api/drafts/${KEY}`, { body: draft(15, 'Half a thought, edited') });
    expect(stale.json<Draft>()).toMatchObject({ value: 'A whole thought', seq: 20 });
    const post = { type: 'text', title: 'Basil', body: '', url: '' };
    await member.browser.request('PUT', '/api/drafts/post:new', { body: { ...draft(5, post), label: 'New post', href: '/new' } });
    const list = (await member.browser.get('/api/drafts')).json<Draft[]>();
    expect(list.map((item) => [item.key, item.value])).toEqual([['post:new', post], [KEY, 'A whole thought']]);

    // Deleted once sent, unless saved again since.
    const keys = async () => (await member.browser.get('/api/drafts')).json<Draft[]>().map((item) => item.key);
    expect((await member.browser.request('DELETE', `/api/drafts/${KEY}?seq=19`)).statusCode).toBe(204);
    expect(await keys()).toContain(KEY);
    expect((await member.browser.request('DELETE', `/api/drafts/${KEY}?seq=25`)).statusCode).toBe(204);
    expect(await keys()).toEqual(['post:new']);
  });

  it("are each member's own, for members only, and refuse bad keys and oversized values without echoing them", async () => {
    const owner = await makeUser(t);
    const other = await makeUser(t);
    await owner.browser.request('PUT', `/api/drafts/${KEY}`, { body: draft(1) });
    expect((await other.browser.get('/api/drafts')).json<Draft[]>()).toEqual([]);
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
});
