import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanImages } from '../src/images/cleanup.ts';
import { CONCURRENT_DECODES, decodeQueue, storeImage } from '../src/images/process.ts';
import { presentImage, type ImageJson } from '../src/images/present.ts';
import { attachImages, imageJson } from '../src/images/queries.ts';
import { createImageStore } from '../src/images/storage.ts';
import { Browser, buildTestApp, signUp, type TestApp } from './helpers/app.ts';
import { makeAdmin, makeCommunity, makeUser, member } from './helpers/factories.ts';

const MAX_BYTES = 2 * 1024 * 1024;
let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'quorum-images-'));
  t = await buildTestApp({ dataDir, uploadMaxBytes: MAX_BYTES });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data request body. */
function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----quorum${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Sends a multipart request from the browser, with its token unless told not to. */
function sendMultipart(browser: Browser, url: string, parts: Part[], { csrf = true } = {}) {
  const { payload, contentType } = multipart(parts);
  return browser.request('POST', url, { rawBody: payload, headers: { 'content-type': contentType }, csrf });
}

const upload = (browser: Browser, data: Buffer | string, options: { filename?: string; contentType?: string; csrf?: boolean } = {}) =>
  sendMultipart(
    browser,
    '/api/_uploads',
    [{ name: 'image', filename: options.filename ?? 'photo.jpg', contentType: options.contentType ?? 'image/jpeg', data }],
    { csrf: options.csrf },
  );

function solid(width: number, height: number, colour: { r: number; g: number; b: number; alpha?: number }) {
  return sharp({ create: { width, height, channels: colour.alpha === undefined ? 3 : 4, background: colour } });
}

/** A PNG of the given size whose rows are all zero: a few hundred kilobytes that decode to a huge image. */
function bombPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const rows = deflateSync(Buffer.alloc((width + 1) * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function uploaded(browser: Browser, data: Buffer, options?: { filename?: string; contentType?: string }) {
  const response = await upload(browser, data, options);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('POST /api/_uploads', () => {
  it('needs a logged-in user', async () => {
    const visitor = await new Browser(t.app).open();
    const response = await upload(visitor, await solid(10, 10, { r: 1, g: 2, b: 3 }).jpeg().toBuffer());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, code: 'not_logged_in' });
  });

  it('needs the anti-forgery token', async () => {
    const { browser } = await member(t);
    const response = await upload(browser, await solid(10, 10, { r: 1, g: 2, b: 3 }).jpeg().toBuffer(), { csrf: false });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('csrf_token_invalid');
  });

  it('stores the image with its named copies and answers 201 with the Image', async () => {
    const { browser, id: uploaderId } = await member(t);
    const data = await solid(1600, 1000, { r: 200, g: 40, b: 60 }).jpeg({ quality: 90 }).toBuffer();
    const response = await upload(browser, data);
    expect(response.statusCode).toBe(201);
    const image = response.json();
    expect(image).toMatchObject({ width: 1600, height: 1000, format: 'jpeg', altText: null, url: `/images/${image.id}.jpeg` });
    const [r, g, b] = (/^rgb\((\d+),(\d+),(\d+)\)$/.exec(image.averageColor) ?? []).slice(1).map(Number);
    expect(Math.abs((r ?? 0) - 200)).toBeLessThanOrEqual(4);
    expect(Math.abs((g ?? 0) - 40)).toBeLessThanOrEqual(4);
    expect(Math.abs((b ?? 0) - 60)).toBeLessThanOrEqual(4);
    expect(image.copies).toEqual([
      { name: 'tiny', url: `/images/${image.id}/tiny.webp`, width: 120, height: 120, objectFit: 'cover' },
      { name: 'small', url: `/images/${image.id}/small.webp`, width: 325, height: 250, objectFit: 'cover' },
      { name: 'medium', url: `/images/${image.id}/medium.webp`, width: 720, height: 450, objectFit: 'contain' },
      { name: 'desktop', url: `/images/${image.id}/desktop.webp`, width: 1440, height: 900, objectFit: 'contain' },
      { name: 'mobile', url: `/images/${image.id}/mobile.webp`, width: 875, height: 500, objectFit: 'cover' },
    ]);

    const [row] = await t.sql<{ uploadedBy: string; uploadSize: number; size: number; attachedAt: Date | null }[]>`
      select uploaded_by, upload_size, size, attached_at from images where id = ${image.id}`;
    expect(row).toMatchObject({ uploadedBy: uploaderId, uploadSize: data.length, attachedAt: null });

    const original = await t.app.inject({ method: 'GET', url: image.url });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(Number(original.headers['content-length'])).toBe(row?.size);
    const meta = await sharp(original.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1600, height: 1000 });

    for (const copy of image.copies) {
      const file = await t.app.inject({ method: 'GET', url: copy.url });
      expect(file.statusCode, copy.name).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      const copyMeta = await sharp(file.rawPayload).metadata();
      expect(copyMeta, copy.name).toMatchObject({ format: 'webp', width: copy.width, height: copy.height });
    }
  });

  it('turns the image upright and strips its metadata', async () => {
    const { browser } = await member(t);
    // Stored sideways, 400×200, with an orientation tag saying to turn it a quarter.
    const data = await solid(400, 200, { r: 10, g: 120, b: 220 })
      .withExif({ IFD0: { Artist: 'Somebody', Copyright: 'Somebody 2024', ImageDescription: 'Taken at home' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const before = await sharp(data).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);

    const image = await uploaded(browser, data);
    expect(image).toMatchObject({ width: 200, height: 400 });
    const stored = await t.app.inject({ method: 'GET', url: image.url });
    const after = await sharp(stored.rawPayload).metadata();
    expect(after).toMatchObject({ width: 200, height: 400 });
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(stored.rawPayload.includes(Buffer.from('Somebody'))).toBe(false);
  });

  it('keeps transparent images as PNG and stores opaque ones as JPEG', async () => {
    const { browser } = await member(t);
    const transparent = await uploaded(browser, await solid(300, 200, { r: 0, g: 0, b: 255, alpha: 0.5 }).png().toBuffer(), {
      filename: 'clear.png',
      contentType: 'image/png',
    });
    expect(transparent).toMatchObject({ format: 'png', url: `/images/${transparent.id}.png` });
    const served = await t.app.inject({ method: 'GET', url: transparent.url });
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).hasAlpha).toBe(true);

    const opaque = await uploaded(browser, await solid(300, 200, { r: 0, g: 0, b: 255, alpha: 1 }).png().toBuffer(), {
      filename: 'opaque.png',
      contentType: 'image/png',
    });
    expect(opaque.format).toBe('jpeg');
  });

  it('accepts WebP, GIF and AVIF uploads', async () => {
    const { browser } = await member(t);
    const base = () => solid(64, 48, { r: 90, g: 90, b: 90 });
    for (const [data, contentType] of [
      [await base().webp().toBuffer(), 'image/webp'],
      [await base().gif().toBuffer(), 'image/gif'],
      [await base().avif().toBuffer(), 'image/avif'],
    ] as const) {
      const image = await uploaded(browser, data, { filename: 'picture', contentType });
      expect(image, contentType).toMatchObject({ width: 64, height: 48, format: 'jpeg' });
    }
  });

  it('caps the stored original to fit 5000×5000 and never enlarges copies', async () => {
    const { browser } = await member(t);
    const wide = await uploaded(browser, await solid(6000, 1200, { r: 250, g: 250, b: 250 }).jpeg().toBuffer());
    expect(wide).toMatchObject({ width: 5000, height: 1000 });

    const small = await uploaded(browser, await solid(100, 80, { r: 5, g: 5, b: 5 }).jpeg().toBuffer());
    expect(small.copies.map((c: { name: string; width: number; height: number }) => [c.name, c.width, c.height])).toEqual([
      ['tiny', 80, 80],
      ['small', 100, 77],
      ['medium', 100, 80],
      ['desktop', 100, 80],
      ['mobile', 100, 57],
    ]);
  });

  it('refuses a file whose declared type is not an image', async () => {
    const { browser } = await member(t);
    const response = await upload(browser, 'just some notes', { filename: 'notes.txt', contentType: 'text/plain' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 400, code: 'unsupported-image-format', message: "File 'notes.txt' is of an unsupported type." });
  });

  it.each([
    ['bytes that are not an image', Buffer.from('definitely not a picture'), 'image/png'],
    ['a truncated JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46]), 'image/jpeg'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'), 'image/svg+xml'],
  ])('refuses %s as an unsupported image', async (_label, data, contentType) => {
    const { browser } = await member(t);
    const response = await upload(browser, data, { contentType });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 400, code: 'unsupported_image', message: 'Unsupported image.' });
  });

  it('refuses a TIFF as an unsupported image', async () => {
    const { browser } = await member(t);
    const response = await upload(browser, await solid(20, 20, { r: 1, g: 1, b: 1 }).tiff().toBuffer(), { contentType: 'image/tiff' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'unsupported_image', message: 'Unsupported image.' });
  });

  it('refuses a file over the size limit with file_size_exceeded', async () => {
    const { browser } = await member(t);
    const response = await upload(browser, Buffer.alloc(MAX_BYTES + 1024, 0xab));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 400, code: 'file_size_exceeded', message: 'Maximum file size exceeded.' });
  });

  it('refuses an image with too many pixels before decoding it', async () => {
    const { browser } = await member(t);
    const bomb = bombPng(8000, 8000);
    expect(bomb.length).toBeLessThan(MAX_BYTES);
    const response = await upload(browser, bomb, { filename: 'bomb.png', contentType: 'image/png' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 400,
      code: 'unsupported_image',
      message: 'The image is too large: it may have at most 60 million pixels.',
    });
  });

  it('answers 400 when there is no image field', async () => {
    const { browser } = await member(t);
    const data = await solid(10, 10, { r: 1, g: 2, b: 3 }).jpeg().toBuffer();
    const wrongField = await sendMultipart(browser, '/api/_uploads', [{ name: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data }]);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({ code: 'bad_request', message: 'No image was uploaded.' });
    const noFile = await sendMultipart(browser, '/api/_uploads', [{ name: 'caption', data: 'hello' }]);
    expect(noFile.statusCode).toBe(400);
    const json = await browser.post('/api/_uploads', { image: 'data' });
    expect(json.statusCode).toBe(400);
  });

  it('answers 400 for a malformed or cut-off multipart body', async () => {
    const { browser } = await member(t);
    const data = await solid(10, 10, { r: 1, g: 2, b: 3 }).jpeg().toBuffer();
    const { payload, contentType } = multipart([{ name: 'image', filename: 'a.jpg', contentType: 'image/jpeg', data }]);
    for (const [body, type] of [
      [Buffer.from('garbage'), contentType],
      [Buffer.from('garbage'), 'multipart/form-data'],
      [payload.subarray(0, payload.length - 200), contentType],
    ] as const) {
      const response = await browser.request('POST', '/api/_uploads', { rawBody: body, headers: { 'content-type': type } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 400, code: 'bad_request', message: 'The upload could not be read.' });
    }
  });

  it('takes the first file when more than one is sent', async () => {
    const { browser } = await member(t);
    const first = await solid(30, 20, { r: 1, g: 2, b: 3 }).jpeg().toBuffer();
    const second = await solid(40, 40, { r: 1, g: 2, b: 3 }).jpeg().toBuffer();
    const response = await sendMultipart(browser, '/api/_uploads', [
      { name: 'image', filename: 'a.jpg', contentType: 'image/jpeg', data: first },
      { name: 'image', filename: 'b.jpg', contentType: 'image/jpeg', data: second },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ width: 30, height: 20 });
  });

  it('is rate limited when rate limiting is on', async () => {
    const limitedDir = await mkdtemp(join(tmpdir(), 'quorum-images-limited-'));
    const limited = await buildTestApp({ dataDir: limitedDir, rateLimit: true });
    try {
      const browser = (await signUp(limited.app)).browser;
      const statuses: number[] = [];
      for (let i = 0; i < 21; i += 1) {
        const { payload, contentType } = multipart([{ name: 'image', filename: 'x.txt', contentType: 'text/plain', data: 'x' }]);
        const response = await browser.request('POST', '/api/_uploads', { rawBody: payload, headers: { 'content-type': contentType } });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
      expect(statuses[20]).toBe(429);
    } finally {
      await limited.close();
      await rm(limitedDir, { recursive: true, force: true });
    }
  });
});

describe('decoding uploads', () => {
  it('decodes a member’s upload before most of another member’s earlier burst, and refuses too many pixels without a turn', async () => {
    const busy = await member(t);
    const other = await member(t);
    // Slow to decode for its size: 24 million transparent pixels in well under the upload limit.
    const large = await solid(6000, 4000, { r: 20, g: 90, b: 200, alpha: 0.6 }).png().toBuffer();
    expect(large.length).toBeLessThan(MAX_BYTES);
    const finished: string[] = [];
    const send = async (label: string, browser: Browser, data: Buffer, filename: string, contentType: string) => {
      const response = await upload(browser, data, { filename, contentType });
      finished.push(label);
      return response;
    };

    const burstSize = 6;
    const burst = Array.from({ length: burstSize }, (_, n) => send(`burst ${n}`, busy.browser, large, 'large.png', 'image/png'));
    // The whole burst has been read and its first uploads hold every slot.
    await vi.waitFor(() => expect(decodeQueue.waiting()).toBe(burstSize - CONCURRENT_DECODES), { timeout: 10_000, interval: 5 });
    const [single, tooLarge] = await Promise.all([
      send('single', other.browser, await solid(40, 30, { r: 1, g: 2, b: 3 }).jpeg().toBuffer(), 'small.jpg', 'image/jpeg'),
      send('too large', other.browser, bombPng(8000, 8000), 'bomb.png', 'image/png'),
    ]);
    expect(single.statusCode, single.body).toBe(201);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toEqual({
      status: 400,
      code: 'unsupported_image',
      message: 'The image is too large: it may have at most 60 million pixels.',
    });
    for (const response of await Promise.all(burst)) expect(response.statusCode, response.body).toBe(201);

    // Each of the other member's uploads finished while most of the burst was still waiting.
    const burstBefore = (label: string) => finished.slice(0, finished.indexOf(label)).filter((done) => done.startsWith('burst')).length;
    expect(burstBefore('single'), finished.join(', ')).toBeLessThanOrEqual(CONCURRENT_DECODES);
    expect(burstBefore('too large'), finished.join(', ')).toBeLessThanOrEqual(CONCURRENT_DECODES);
  });
});

describe('PUT /api/images/:id', () => {
  it('saves alt text for the uploader and answers the Image', async () => {
    const { browser } = await member(t);
    const image = await uploaded(browser, await solid(50, 50, { r: 1, g: 2, b: 3 }).jpeg().toBuffer());
    const response = await browser.request('PUT', `/api/images/${image.id}`, { body: { altText: 'A dark square' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...image, altText: 'A dark square' });

    const cleared = await browser.request('PUT', `/api/images/${image.id}`, { body: { altText: '  ' } });
    expect(cleared.json().altText).toBeNull();
    const max = await browser.request('PUT', `/api/images/${image.id}`, { body: { altText: 'a'.repeat(1024) } });
    expect(max.statusCode).toBe(200);
  });

  it('answers 401 for visitors and 403 for anyone but the uploader', async () => {
    const { browser } = await member(t);
    const image = await uploaded(browser, await solid(50, 50, { r: 1, g: 2, b: 3 }).jpeg().toBuffer());
    const visitor = await new Browser(t.app).open();
    expect((await visitor.request('PUT', `/api/images/${image.id}`, { body: { altText: 'x' } })).statusCode).toBe(401);
    const other = await member(t);
    const response = await other.browser.request('PUT', `/api/images/${image.id}`, { body: { altText: 'Mine now' } });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('forbidden');
    const [row] = await t.sql<{ altText: string | null }[]>`select alt_text from images where id = ${image.id}`;
    expect(row?.altText).toBeNull();
  });

  it('answers 404 for unknown, malformed and deleted ids', async () => {
    const { browser } = await member(t);
    for (const id of ['01a2037a-a20c-75f1-bc0f-557c203d3d98', 'not-an-id', '1']) {
      const response = await browser.request('PUT', `/api/images/${id}`, { body: { altText: 'x' } });
      expect(response.statusCode, id).toBe(404);
    }
    const image = await uploaded(browser, await solid(50, 50, { r: 1, g: 2, b: 3 }).jpeg().toBuffer());
    await t.sql`update images set deleted_at = now() where id = ${image.id}`;
    expect((await browser.request('PUT', `/api/images/${image.id}`, { body: { altText: 'x' } })).statusCode).toBe(404);
  });

  it('refuses alt text over 1024 characters', async () => {
    const { browser } = await member(t);
    const image = await uploaded(browser, await solid(50, 50, { r: 1, g: 2, b: 3 }).jpeg().toBuffer());
    const response = await browser.request('PUT', `/api/images/${image.id}`, { body: { altText: 'a'.repeat(1025) } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 400, code: 'bad_request', message: 'Alt text is too long (1024 characters at most).' });
  });
});

describe('GET /images/…', () => {
  let image: { id: string; url: string; copies: Array<{ name: string; url: string }> };
  beforeAll(async () => {
    const { browser } = await member(t);
    image = await uploaded(browser, await solid(200, 100, { r: 30, g: 60, b: 90 }).jpeg().toBuffer());
  });

  it('serves originals and copies with long-lived cache headers', async () => {
    for (const url of [image.url, ...image.copies.map((copy) => copy.url)]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      // A file shared caches keep never carries the session cookies handed out elsewhere.
      expect(response.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it.each([
    '/images/01a2037a-a20c-75f1-bc0f-557c203d3d98.jpeg',
    '/images/01a2037a-a20c-75f1-bc0f-557c203d3d98/tiny.webp',
    '/images/not-an-id.jpeg',
    '/images/..%2F..%2Fetc%2Fpasswd',
    '/images/..%2Fimages.jpeg',
    '/images/%2e%2e/%2e%2e/etc/passwd',
    '/images/../../etc/passwd',
    '/images/a/b/c/d.jpeg',
  ])('answers 404 JSON for %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, code: 'not_found' });
    expect(response.headers['cache-control'] ?? '').not.toContain('immutable');
  });

  it('answers 404 for a wrong extension, an unknown copy or a path in the copy name', async () => {
    for (const url of [
      `/images/${image.id}.png`,
      `/images/${image.id}.JPEG`,
      `/images/${image.id.toUpperCase()}.jpeg`,
      `/images/${image.id}/tiny.jpeg`,
      `/images/${image.id}/huge.webp`,
      `/images/${image.id}/..%2F..%2Ftiny.webp`,
      `/images/${image.id}/tiny.webp%00.png`,
      `/images/${image.id}.jpeg%00`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
  });

  it('serves the files of a deleted post only to its author and admins, and never to a shared cache', async () => {
    const author = await makeUser(t, 1000);
    const admin = await makeAdmin(t);
    const stranger = await makeUser(t);
    const community = await makeCommunity(author.browser);
    const picture = await uploaded(author.browser, await solid(40, 30, { r: 9, g: 8, b: 7 }).jpeg().toBuffer());
    const created = await author.browser.post('/api/posts', {
      type: 'image', title: 'Soon gone', community: community.name, images: [{ imageId: picture.id, caption: null }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const urls: string[] = [picture.url, ...picture.copies.map((copy: { url: string }) => copy.url)];
    expect((await stranger.browser.get(urls[0] ?? '')).statusCode).toBe(200);

    expect((await author.browser.request('DELETE', `/api/posts/${created.json().publicId}`)).statusCode).toBe(200);
    for (const url of urls) {
      for (const browser of [stranger.browser, await new Browser(t.app).open()]) {
        const refused = await browser.get(url);
        expect(refused.statusCode, url).toBe(404);
        expect(refused.headers['cache-control']).toBe('no-store');
      }
      for (const browser of [author.browser, admin.browser]) {
        const served = await browser.get(url);
        expect(served.statusCode, url).toBe(200);
        expect(served.headers['cache-control']).toBe('private, no-store');
      }
    }
  });

  it('serves the link thumbnail of a deleted post only to its author and admins', async () => {
    const author = await makeUser(t, 1000);
    const admin = await makeAdmin(t);
    const stranger = await makeUser(t);
    const community = await makeCommunity(author.browser);
    const thumbnail = await uploaded(author.browser, await solid(40, 30, { r: 7, g: 8, b: 9 }).jpeg().toBuffer());
    // A loopback address: the server refuses to fetch it, so the thumbnail is set here instead.
    const created = await author.browser.post('/api/posts', { type: 'link', title: 'Soon gone', community: community.name, url: 'http://127.0.0.1:9/page' });
    expect(created.statusCode, created.body).toBe(201);
    await t.sql`update images set attached_at = now() where id = ${thumbnail.id}`;
    await t.sql`update posts set link_image_id = ${thumbnail.id} where public_id = ${created.json().publicId}`;
    expect((await stranger.browser.get(thumbnail.url)).statusCode).toBe(200);

    expect((await author.browser.request('DELETE', `/api/posts/${created.json().publicId}`)).statusCode).toBe(200);
    expect((await stranger.browser.get(thumbnail.url)).statusCode).toBe(404);
    expect((await (await new Browser(t.app).open()).get(thumbnail.url)).statusCode).toBe(404);
    for (const browser of [author.browser, admin.browser]) expect((await browser.get(thumbnail.url)).statusCode).toBe(200);
  });

  it('answers HEAD requests with the headers only', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: image.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(Number(response.headers['content-length'])).toBeGreaterThan(0);
    expect(response.rawPayload.length).toBe(0);
  });

  it('answers 404 when the file is missing from the store', async () => {
    const { browser } = await member(t);
    const lost = await uploaded(browser, await solid(20, 20, { r: 1, g: 1, b: 1 }).jpeg().toBuffer());
    const [row] = await t.sql<{ storeKey: string }[]>`select store_key from images where id = ${lost.id}`;
    await createImageStore({ dataDir }).delete(`${row?.storeKey}.jpeg`);
    const response = await t.app.inject({ method: 'GET', url: lost.url });
    expect(response.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: lost.copies[0].url })).statusCode).toBe(200);
  });

  it('answers 404 once an image is deleted', async () => {
    const { browser } = await member(t);
    const gone = await uploaded(browser, await solid(20, 20, { r: 1, g: 1, b: 1 }).jpeg().toBuffer());
    expect((await t.app.inject({ method: 'GET', url: gone.url })).statusCode).toBe(200);
    await t.sql`update images set deleted_at = now() where id = ${gone.id}`;
    expect((await t.app.inject({ method: 'GET', url: gone.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: gone.copies[0].url })).statusCode).toBe(404);
  });
});

describe('community icons and banners', () => {
  const paths = ['pro_pic', 'banner_image'] as const;
  const field = { pro_pic: 'proPic', banner_image: 'bannerImage' } as const;
  const png = () => solid(900, 400, { r: 200, g: 40, b: 90 }).png().toBuffer();
  const send = (browser: Browser, url: string, data: Buffer, contentType = 'image/png') =>
    sendMultipart(browser, url, [{ name: 'image', filename: 'picture.png', contentType, data }]);

  it.each(paths)('%s: visitors get 401, members who do not moderate 403', async (path) => {
    const owner = await makeUser(t);
    const community = await makeCommunity(owner.browser);
    const visitor = await new Browser(t.app).open();
    expect((await send(visitor, `/api/communities/${community.id}/${path}`, await png())).statusCode).toBe(401);
    const other = await makeUser(t);
    expect((await send(other.browser, `/api/communities/${community.id}/${path}`, await png())).statusCode).toBe(403);
    expect((await other.browser.request('DELETE', `/api/communities/${community.id}/${path}`)).statusCode).toBe(403);
    expect((await send(owner.browser, `/api/communities/not-an-id/${path}`, await png())).statusCode).toBe(404);
  });

  it.each(paths)('%s: mods set, replace and remove it; a replaced picture is no longer served', async (path) => {
    const owner = await makeUser(t);
    const community = await makeCommunity(owner.browser);
    const url = `/api/communities/${community.id}/${path}`;

    const first = await send(owner.browser, url, await png());
    expect(first.statusCode, first.body).toBe(200);
    const firstImage = first.json()[field[path]];
    expect(firstImage).toMatchObject({ width: 900, height: 400 });
    expect(firstImage.copies.length).toBeGreaterThan(0);
    expect((await t.app.inject(firstImage.url)).statusCode).toBe(200);

    const second = await send(owner.browser, url, await solid(300, 300, { r: 1, g: 2, b: 3 }).jpeg().toBuffer(), 'image/jpeg');
    const secondImage = second.json()[field[path]];
    expect(secondImage.id).not.toBe(firstImage.id);
    expect((await t.app.inject(firstImage.url)).statusCode).toBe(404);
    const read = await owner.browser.get(`/api/communities/${community.id}`);
    expect(read.json()[field[path]].id).toBe(secondImage.id);

    const removed = await owner.browser.request('DELETE', url);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()[field[path]]).toBeNull();
    expect((await t.app.inject(secondImage.url)).statusCode).toBe(404);
  });

  it.each(paths)('%s: refuses a picture of more than 16 million pixels before decoding it', async (path) => {
    const owner = await makeUser(t);
    const community = await makeCommunity(owner.browser);
    const response = await send(owner.browser, `/api/communities/${community.id}/${path}`, bombPng(5000, 4000));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 400,
      code: 'unsupported_image',
      message: 'The image is too large: it may have at most 16 million pixels.',
    });
  });

  it('lets admins change any community, and refuses files that are not images', async () => {
    const owner = await makeUser(t);
    const community = await makeCommunity(owner.browser);
    const admin = await makeAdmin(t);
    const response = await send(admin.browser, `/api/communities/${community.id}/pro_pic`, await png());
    expect(response.statusCode).toBe(200);
    const text = await send(owner.browser, `/api/communities/${community.id}/banner_image`, Buffer.from('hello'), 'text/plain');
    expect(text.statusCode).toBe(400);
    expect(text.json().code).toBe('unsupported-image-format');
    const fake = await send(owner.browser, `/api/communities/${community.id}/banner_image`, Buffer.from('not really a png'));
    expect(fake.statusCode).toBe(400);
  });
});

describe('removing unused images', () => {
  it('removes the files and rows of deleted images and of uploads unused after 24 hours, and nothing else', async () => {
    const root = await mkdtemp(join(tmpdir(), 'quorum-cleanup-'));
    const store = createImageStore({ dataDir: root });
    const countFiles = async () => (await readdir(join(root, 'images'), { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
    try {
      const { id: owner } = await member(t);
      const jpeg = await solid(64, 48, { r: 9, g: 99, b: 199 }).jpeg().toBuffer();
      const [attached, deleted, abandoned, fresh, profilePicture] = await Promise.all(
        [0, 1, 2, 3, 4].map(() => storeImage(t.sql, store, jpeg, { uploadedBy: owner, kind: 'post' })),
      );
      if (!attached || !deleted || !abandoned || !fresh || !profilePicture) throw new Error('storeImage failed');
      await attachImages(t.sql, [attached.id], owner);
      await t.sql`update images set created_at = now() - interval '25 hours' where id in ${t.sql([attached.id, abandoned.id, profilePicture.id])}`;
      await t.sql`update images set deleted_at = now() where id = ${deleted.id}`;
      await t.sql`update users set pro_pic_id = ${profilePicture.id} where id = ${owner}`;
      const filesPerImage = 1 + attached.copies.length;
      expect(await countFiles()).toBe(5 * filesPerImage);

      expect(await cleanImages(t.sql, store)).toBeGreaterThanOrEqual(2);

      expect(await countFiles()).toBe(3 * filesPerImage);
      const left = await t.sql<{ id: string }[]>`
        select id from images where id in ${t.sql([attached.id, deleted.id, abandoned.id, fresh.id, profilePicture.id])}`;
      expect(left.map((row) => row.id).sort()).toEqual([attached.id, fresh.id, profilePicture.id].sort());
      expect(await cleanImages(t.sql, store)).toBe(0);
      expect(await countFiles()).toBe(3 * filesPerImage);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('image domain functions', () => {
  const store = () => createImageStore({ dataDir });

  it('storeImage caps avatars and banners to 2000×2000 and crops link thumbnails to 1280×720', async () => {
    const { id } = await member(t);
    const big = await solid(3000, 1500, { r: 100, g: 100, b: 100 }).jpeg().toBuffer();
    const avatar = await storeImage(t.sql, store(), big, { uploadedBy: id, kind: 'avatar' });
    expect(avatar).toMatchObject({ width: 2000, height: 1000 });
    const banner = await storeImage(t.sql, store(), big, { uploadedBy: id, kind: 'banner' });
    expect(banner).toMatchObject({ width: 2000, height: 1000 });
    const link = await storeImage(t.sql, store(), big, { uploadedBy: id, kind: 'link' });
    expect(link).toMatchObject({ width: 1280, height: 720 });
    const smallLink = await storeImage(t.sql, store(), await solid(640, 640, { r: 1, g: 1, b: 1 }).jpeg().toBuffer(), {
      uploadedBy: id,
      kind: 'link',
    });
    expect(smallLink).toMatchObject({ width: 640, height: 360 });
  });

  it('attachImages attaches only the user’s own fresh uploads and counts them', async () => {
    const owner = await member(t);
    const other = await member(t);
    const data = await solid(20, 20, { r: 1, g: 1, b: 1 }).jpeg().toBuffer();
    const [mine1, mine2, theirs] = await Promise.all([
      storeImage(t.sql, store(), data, { uploadedBy: owner.id, kind: 'post' }),
      storeImage(t.sql, store(), data, { uploadedBy: owner.id, kind: 'post' }),
      storeImage(t.sql, store(), data, { uploadedBy: other.id, kind: 'post' }),
    ]);
    expect(await attachImages(t.sql, [mine1.id, theirs.id], owner.id)).toBe(1);
    // Already attached, so only the second counts now.
    expect(await attachImages(t.sql, [mine1.id, mine2.id], owner.id)).toBe(1);
    expect(await attachImages(t.sql, [], owner.id)).toBe(0);
    const rows = await t.sql<{ id: string; attached: boolean }[]>`
      select id, attached_at is not null as attached from images where id in (${mine1.id}, ${mine2.id}, ${theirs.id})`;
    expect(Object.fromEntries(rows.map((row) => [row.id, row.attached]))).toEqual({
      [mine1.id]: true,
      [mine2.id]: true,
      [theirs.id]: false,
    });
  });

  it('imageJson selects an image as the JSON other queries embed', async () => {
    const { id } = await member(t);
    const stored = await storeImage(t.sql, store(), await solid(30, 20, { r: 9, g: 9, b: 9 }).jpeg().toBuffer(), {
      uploadedBy: id,
      kind: 'post',
    });
    const [row] = await t.sql<{ image: ImageJson | null }[]>`select ${imageJson(t.sql, t.sql`${stored.id}::uuid`)} as image`;
    expect(row?.image).toEqual(stored);
    expect(presentImage(row?.image)?.copies).toHaveLength(5);

    await t.sql`update images set deleted_at = now() where id = ${stored.id}`;
    const [gone] = await t.sql<{ image: ImageJson | null }[]>`select ${imageJson(t.sql, t.sql`${stored.id}::uuid`)} as image`;
    expect(gone?.image).toBeNull();
  });
});
