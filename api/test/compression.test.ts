import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { insertCommunity, member } from './helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('compressed answers', () => {
  it('come as brotli or gzip, as the client accepts, when over 1 KB; small ones and other clients get plain JSON', async () => {
    const community = await insertCommunity(t.sql);
    const author = await member(t, { joins: community.id });
    for (const title of ['One', 'Two', 'Three']) {
      const body = `${title}: ${'a few words to read. '.repeat(40)}`;
      expect((await author.browser.post('/api/posts', { title, body, community: community.name })).statusCode).toBe(201);
    }
    const url = `/api/posts?communityId=${community.id}&sort=latest`;
    const feed = (encoding?: string) => t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const titles = (text: string) => (JSON.parse(text) as { posts: Array<{ title: string }> }).posts.map((post) => post.title);

    const plain = await feed();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(titles(plain.body)).toEqual(['Three', 'Two', 'One']);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const brotli = await feed('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);

    const gzip = await feed('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const health = await t.app.inject({ method: 'GET', url: '/api/_health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
  });
});
