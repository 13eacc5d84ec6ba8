// The S3 image store against a real S3-protocol server (s3rver, see helpers/s3-server.ts).
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type S3Config } from '../src/config.ts';
import { cleanImages } from '../src/images/cleanup.ts';
import { S3ImageStore } from '../src/images/s3-store.ts';
import { createImageStore } from '../src/images/storage.ts';
import { Browser, buildTestApp, signUp, type TestApp } from './helpers/app.ts';
import { makeCommunity } from './helpers/factories.ts';
import { S3_TEST_CREDENTIALS, startS3Server, type S3TestServer } from './helpers/s3-server.ts';

const BUCKET = 'quorum-images';
let server: S3TestServer;
let s3: S3Config;
let dataDir: string;
let t: TestApp;

beforeAll(async () => {
  server = await startS3Server(BUCKET);
  s3 = { bucket: BUCKET, endpoint: server.endpoint, region: 'us-east-1' };
  for (const [name, value] of Object.entries(S3_TEST_CREDENTIALS)) vi.stubEnv(name, value);
  dataDir = await mkdtemp(join(tmpdir(), 'quorum-images-s3-'));
  t = await buildTestApp({ dataDir, s3 });
});

afterAll(async () => {
  await t?.close();
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

interface UploadedImage {
  id: string;
  url: string;
  copies: { name: string; url: string }[];
}

/** Uploads a small JPEG through the API as `browser`, a fresh user unless given. */
async function uploadImage(app: FastifyInstance, browser?: Browser): Promise<UploadedImage> {
  browser ??= (await signUp(app)).browser;
  const data = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 40, b: 90 } } }).jpeg().toBuffer();
  const boundary = '----quorums3test';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await browser.request('POST', '/api/_uploads', { rawBody: payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function storeKeyOf(id: string): Promise<{ storeName: string; storeKey: string }> {
  const [row] = await t.sql<{ storeName: string; storeKey: string }[]>`select store_name, store_key from images where id = ${id}`;
  if (!row) throw new Error('no image row');
  return row;
}

/** Fetches through the app the way a browser would, keeping the raw bytes. */
async function fetchImage(app: FastifyInstance, url: string) {
  const answer = await app.inject({ method: 'GET', url });
  return { status: answer.statusCode, headers: answer.headers, body: answer.rawPayload };
}

describe('S3 image store', () => {
  it('keeps uploads in the bucket, records the store per image, and serves them through the API', async () => {
    const image = await uploadImage(t.app);
    const { storeName, storeKey } = await storeKeyOf(image.id);
    expect(storeName).toBe('s3');

    const bucket = new S3ImageStore(s3);
    const original = await bucket.read(`${storeKey}.jpeg`);
    expect(original).not.toBeNull();
    const served = await fetchImage(t.app, image.url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['content-length']).toBe(String(original?.length));
    expect(served.body.equals(original!)).toBe(true);

    for (const copy of image.copies) {
      const answer = await fetchImage(t.app, copy.url);
      expect(answer.status, copy.url).toBe(200);
      expect(answer.headers['content-type'], copy.url).toBe('image/webp');
      expect(answer.body.equals((await bucket.read(`${storeKey}-${copy.name}.webp`))!), copy.url).toBe(true);
    }
    // Nothing went to the disk.
    expect(existsSync(join(dataDir, 'images'))).toBe(false);
  });

  it("redirects image addresses to the bucket's public address when one is configured", async () => {
    const publicUrl = `${server.endpoint}/${BUCKET}`;
    const app = await buildApp({ config: { ...loadConfig({}), rateLimit: false, webDist: undefined, scryptLogN: 14, dataDir, s3, imagesPublicUrl: publicUrl }, sql: t.sql });
    try {
      const image = await uploadImage(app);
      const { storeKey } = await storeKeyOf(image.id);
      const answer = await app.inject({ method: 'GET', url: image.copies[0]!.url });
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe(`${publicUrl}/${storeKey}-${image.copies[0]!.name}.webp`);

      // The bucket serves the file there, with the type and caching it was stored with.
      const file = await fetch(String(answer.headers.location));
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/webp');
      expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

      const unknown = await app.inject({ method: 'GET', url: `/images/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.jpeg` });
      expect(unknown.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it("serves the files of a deleted post through the API, never by the bucket's public address", async () => {
    const app = await buildApp({ config: { ...loadConfig({}), rateLimit: false, webDist: undefined, scryptLogN: 14, dataDir, s3, imagesPublicUrl: `${server.endpoint}/${BUCKET}` }, sql: t.sql });
    try {
      const author = await signUp(app);
      await t.sql`update users set points = 100 where id = ${author.user.id}`;
      const community = await makeCommunity(author.browser, { name: `s3${process.pid % 1000}`, about: 'Pictures.' });
      const picture = await uploadImage(app, author.browser);
      const created = await author.browser.post('/api/posts', {
        type: 'image', title: 'Soon gone', community: community.name, images: [{ imageId: picture.id, caption: null }],
      });
      expect(created.statusCode).toBe(201);
      expect((await author.browser.request('DELETE', `/api/posts/${created.json<{ publicId: string }>().publicId}`)).statusCode).toBe(200);

      expect((await new Browser(app).get(picture.url)).statusCode).toBe(404);
      const own = await author.browser.get(picture.url);
      expect(own.statusCode).toBe(200);
      expect(own.headers['cache-control']).toBe('private, no-store');
      expect(own.headers['content-type']).toBe('image/jpeg');
    } finally {
      await app.close();
    }
  });

  it('answers 404 for a file missing from the bucket, and cleanup deletes the files of removed images', async () => {
    const image = await uploadImage(t.app);
    const { storeKey } = await storeKeyOf(image.id);
    const bucket = new S3ImageStore(s3);
    await bucket.delete(`${storeKey}.jpeg`);
    expect(await bucket.read(`${storeKey}.jpeg`)).toBeNull();
    expect(await bucket.open(`${storeKey}.jpeg`)).toBeNull();
    expect((await fetchImage(t.app, image.url)).status).toBe(404);
    // Deleting what is not there is no error.
    await bucket.delete(`${storeKey}.jpeg`);

    await t.sql`update images set deleted_at = now() where id = ${image.id}`;
    expect(await cleanImages(t.sql, bucket)).toBeGreaterThanOrEqual(1);
    for (const copy of image.copies) expect(await bucket.read(`${storeKey}-${copy.name}.webp`)).toBeNull();
  });

  it('signs its requests with the credentials of the environment', async () => {
    // The test server checks the key id (not version 4 signatures themselves).
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'SOMEBODY_ELSE');
    try {
      await expect(new S3ImageStore(s3).put('ab/abcdef.jpeg', Buffer.from('x'))).rejects.toThrow(/Access Key Id/);
    } finally {
      vi.stubEnv('AWS_ACCESS_KEY_ID', S3_TEST_CREDENTIALS.AWS_ACCESS_KEY_ID);
    }
    await expect(new S3ImageStore(s3).put('ab/abcdef.jpeg', Buffer.from('x'))).resolves.toBeUndefined();
  });

  it('refuses keys the server would never make', async () => {
    await expect(new S3ImageStore(s3).put('../escape.jpeg', Buffer.from('x'))).rejects.toThrow('Invalid image key');
  });
});

describe('image store configuration', () => {
  it('keeps images on disk by default', () => {
    const config = loadConfig({});
    expect(config.s3).toBeUndefined();
    expect(config.imagesPublicUrl).toBeUndefined();
    expect(createImageStore(config).name).toBe('disk');
  });

  it('reads the S3 variables', () => {
    const config = loadConfig({ S3_BUCKET: 'pics', S3_ENDPOINT: 'https://s3.example.net', S3_REGION: 'eu-west-3', IMAGES_PUBLIC_URL: 'https://cdn.example.net/pics/' });
    expect(config.s3).toEqual({ bucket: 'pics', endpoint: 'https://s3.example.net', region: 'eu-west-3' });
    expect(config.imagesPublicUrl).toBe('https://cdn.example.net/pics');
    expect(createImageStore(config).name).toBe('s3');
    expect(loadConfig({ S3_BUCKET: 'pics' }).s3).toEqual({ bucket: 'pics', endpoint: undefined, region: 'us-east-1' });
  });

  it('refuses S3 settings without a bucket and addresses that are not http', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow('need S3_BUCKET');
    expect(() => loadConfig({ IMAGES_PUBLIC_URL: 'https://cdn.example.net' })).toThrow('need S3_BUCKET');
    expect(() => loadConfig({ S3_BUCKET: 'pics', S3_ENDPOINT: 'localhost:9000' })).toThrow('S3_ENDPOINT must be');
    expect(() => loadConfig({ S3_BUCKET: 'pics', IMAGES_PUBLIC_URL: 'javascript:alert(1)' })).toThrow('IMAGES_PUBLIC_URL must be');
  });
});
