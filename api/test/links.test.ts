import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageStore } from '../src/images/storage.ts';
import { fetchUrl, LinkFetchError, type LinkFetchOptions } from '../src/links/fetch.ts';
import { isAllowedAddress } from '../src/outbound/addresses.ts';
import { AddressRefusedError, type ResolvedAddress } from '../src/outbound/lookup.ts';
import { decodeEntities, readPagePreview } from '../src/links/html.ts';
import { fetchImage, fetchLinkImage, fetchLinkPreview, HTML_MAX_BYTES, linkImageSaver } from '../src/links/preview.ts';
import { Browser, buildTestApp, signUp, type TestApp } from './helpers/app.ts';
import { insertCommunity, member } from './helpers/factories.ts';

const MiB = 1024 * 1024;
let server: Server;
let origin: string;
let port: number;
let picture: Buffer;
const requested: string[] = [];

function html(response: ServerResponse, body: string | Buffer, type = 'text/html; charset=utf-8') {
  response.writeHead(200, { 'content-type': type });
  response.end(body);
}

function redirect(response: ServerResponse, location: string) {
  response.writeHead(302, { location });
  response.end();
}

/** Writes `total` bytes of filler in chunks without a Content-Length, then `tail`. */
function stream(response: ServerResponse, type: string, head: string, total: number, tail: string) {
  response.writeHead(200, { 'content-type': type });
  response.on('error', () => {});
  response.write(head);
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let sent = 0;
  const pump = () => {
    while (sent < total) {
      sent += chunk.length;
      if (!response.write(chunk)) {
        response.once('drain', pump);
        return;
      }
    }
    response.end(tail);
  };
  response.socket?.on('close', () => response.removeAllListeners('drain'));
  pump();
}

beforeAll(async () => {
  picture = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 20, g: 160, b: 90 } } }).png().toBuffer();
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    requested.push(path);
    const hop = /^\/hop\/(\d+)$/.exec(path);
    if (hop) {
      const n = Number(hop[1]);
      return n === 0 ? html(response, '<title>Arrived</title>') : redirect(response, `/hop/${n - 1}`);
    }
    switch (path) {
      case '/page':
        return html(
          response,
          `<!doctype html><html><head><title>Ignored title</title>
            <meta property="og:title" content="Caf&eacute; &amp; Bar &#8212; &#x1F600;">
            <meta property="og:image" content="/img.png">
          </head><body>Hello</body></html>`,
        );
      case '/untitled':
        return html(response, '<html><head></head><body>No title here</body></html>');
      case '/title':
        return html(response, '<html><head><title>\n   Plain &amp; simple \n </title></head></html>');
      case '/twitter':
        return html(response, `<meta name="twitter:title" content='Say "hi" &lt;there&gt;'><meta name="twitter:image" content="http://127.0.0.1:${port}/img.png">`);
      case '/commented':
        return html(response, '<!-- <meta property="og:title" content="Hidden"> --><script>var x = \'<meta property="og:title" content="Nope">\';</script><title>Visible</title>');
      case '/latin1':
        return html(response, Buffer.from('<title>Caf\u00e9 cr\u00e8me</title>', 'latin1'), 'text/html; charset=iso-8859-1');
      case '/gzip':
        response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
        return response.end(gzipSync('<title>Zipped page</title>'));
      case '/img.png':
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': picture.length });
        return response.end(picture);
      case '/json':
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end('{"title":"not html"}');
      case '/huge-late':
        return stream(response, 'text/html', '<html><head>', 2 * MiB, '<title>Too late</title></head></html>');
      case '/huge-early':
        return stream(response, 'text/html', '<html><head><title>Early</title></head><body>', 3 * MiB, '</body></html>');
      case '/big-image':
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': 3 * MiB });
        return response.end(Buffer.alloc(3 * MiB));
      case '/big-image-chunked':
        return stream(response, 'image/png', '', 3 * MiB, '');
      case '/to-metadata':
        return redirect(response, 'http://169.254.169.254/latest/meta-data/');
      case '/to-mapped':
        return redirect(response, `http://metadata.test:${port}/page`);
      case '/to-ftp':
        return redirect(response, 'ftp://example.com/file');
      case '/slow':
        return; // never answers
      default:
        response.writeHead(404, { 'content-type': 'text/html' });
        return response.end('<title>Not found</title>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const local: LinkFetchOptions = { allowPrivate: true };

/** A resolver that knows a few made-up names and nothing else. */
function fakeDns(names: Record<string, string[]>) {
  return async (hostname: string): Promise<ResolvedAddress[]> => {
    const addresses = names[hostname];
    if (!addresses) throw Object.assign(new Error(`unknown host ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

describe('isAllowedAddress', () => {
  it.each([
    '127.0.0.1', '127.255.0.9', '10.0.0.1', '172.16.5.4', '192.168.1.1', '100.64.0.1', '169.254.169.254', '0.0.0.0',
    '0.1.2.3', '224.0.0.1', '255.255.255.255', '240.0.0.1', '192.0.2.1', '198.18.0.1', '::', '::1', 'fe80::1',
    'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:169.254.169.254',
    '64:ff9b::a00:1', '2002:7f00:1::', '2001:db8::1', '::127.0.0.1', '::10.0.0.1', '::169.254.169.254',
    '::93.184.216.34', '::5db8:d822', '0:0:0:0:0:0:808:808', 'not an address', '',
  ])('refuses %s', (address) => {
    expect(isAllowedAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:93.184.216.34'])('allows the public address %s', (address) => {
    expect(isAllowedAddress(address)).toBe(true);
  });

  it('allows loopback and private networks only when asked, and never link-local or unspecified', () => {
    for (const address of ['127.0.0.1', '::1', '10.1.2.3', '192.168.0.10', 'fd00::5', '100.64.1.1']) {
      expect(isAllowedAddress(address, true), address).toBe(true);
    }
    for (const address of ['169.254.169.254', 'fe80::1', '0.0.0.0', '::', '224.0.0.1', '::ffff:169.254.169.254', '::127.0.0.1', '::10.1.2.3']) {
      expect(isAllowedAddress(address, true), address).toBe(false);
    }
  });
});

describe('reading pages', () => {
  it('decodes named and numeric character references', () => {
    expect(decodeEntities('Tom &amp; Jerry &lt;3 &quot;hi&quot; &#39;x&#39; &#x2014; &eacute;&nbsp;&bogus; &#0; &#xD800;')).toBe(
      'Tom & Jerry <3 "hi" \'x\' \u2014 \u00e9\u00a0&bogus; \ufffd \ufffd',
    );
  });

  it('prefers og:title, then twitter:title, then <title>', () => {
    expect(readPagePreview('<title>T</title><meta name="twitter:title" content="Tw"><meta property="og:title" content="Og">').title).toBe('Og');
    expect(readPagePreview('<title>T</title><meta name="twitter:title" content="Tw">').title).toBe('Tw');
    expect(readPagePreview('<TITLE>T &amp; U</TITLE>').title).toBe('T & U');
    expect(readPagePreview('<meta property="og:title" content="   "><title>Fallback</title>').title).toBe('Fallback');
    expect(readPagePreview('<p>nothing here</p>')).toEqual({ title: null, image: null });
    expect(readPagePreview('<meta content="/a.png" property="og:image">').image).toBe('/a.png');
  });
});

describe('fetching link previews', () => {
  it('reads the title and preview image of a page', async () => {
    expect(await fetchLinkPreview(new URL(`${origin}/page`), local)).toEqual({
      title: 'Caf\u00e9 & Bar \u2014 \u{1F600}',
      imageUrl: `${origin}/img.png`,
    });
    expect(await fetchLinkPreview(new URL(`${origin}/title`), local)).toEqual({ title: 'Plain & simple', imageUrl: null });
    expect(await fetchLinkPreview(new URL(`${origin}/twitter`), local)).toEqual({ title: 'Say "hi" <there>', imageUrl: `${origin}/img.png` });
    expect((await fetchLinkPreview(new URL(`${origin}/commented`), local)).title).toBe('Visible');
  });

  it('decodes declared charsets and compressed bodies', async () => {
    expect((await fetchLinkPreview(new URL(`${origin}/latin1`), local)).title).toBe('Caf\u00e9 cr\u00e8me');
    expect((await fetchLinkPreview(new URL(`${origin}/gzip`), local)).title).toBe('Zipped page');
  });

  it('reads only HTML', async () => {
    await expect(fetchLinkPreview(new URL(`${origin}/json`), local)).rejects.toBeInstanceOf(LinkFetchError);
    await expect(fetchLinkPreview(new URL(`${origin}/img.png`), local)).rejects.toBeInstanceOf(LinkFetchError);
    await expect(fetchLinkPreview(new URL(`${origin}/missing`), local)).rejects.toBeInstanceOf(LinkFetchError);
  });

  it('reads at most 1 MiB of a page', async () => {
    expect(HTML_MAX_BYTES).toBe(MiB);
    expect((await fetchLinkPreview(new URL(`${origin}/huge-early`), local)).title).toBe('Early');
    expect((await fetchLinkPreview(new URL(`${origin}/huge-late`), local)).title).toBeNull();
    const fetched = await fetchUrl(new URL(`${origin}/huge-late`), 'text/html', () => ({ maxBytes: HTML_MAX_BYTES, truncate: true }), local);
    expect(fetched.body.length).toBe(HTML_MAX_BYTES);
  });

  it('follows up to 3 redirects and no more', async () => {
    expect((await fetchLinkPreview(new URL(`${origin}/hop/3`), local)).title).toBe('Arrived');
    const before = requested.length;
    await expect(fetchLinkPreview(new URL(`${origin}/hop/4`), local)).rejects.toThrow('Too many redirects.');
    expect(requested.slice(before)).toEqual(['/hop/4', '/hop/3', '/hop/2', '/hop/1']);
  });

  it('gives up when the server does not answer in time', async () => {
    await expect(fetchLinkPreview(new URL(`${origin}/slow`), { ...local, timeoutMs: 200 })).rejects.toThrow('The request timed out.');
  });

  it('fails on a name that does not resolve', async () => {
    const resolve = fakeDns({});
    await expect(fetchLinkPreview(new URL('http://nowhere.test/'), { resolve })).rejects.toBeInstanceOf(LinkFetchError);
  });
});

describe('refusing addresses inside the network', () => {
  it.each([
    'http://127.0.0.1/',
    'http://127.0.0.1:1/',
    'http://localhost/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::127.0.0.1]/',
    'http://[::a9fe:a9fe]/',
    'http://0x7f000001/',
    'http://2130706433/',
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fe80::1]/',
    'http://[fd00::1]/',
    'http://0.0.0.0/',
    'http://0/',
  ])('refuses %s', async (url) => {
    await expect(fetchLinkPreview(new URL(url))).rejects.toBeInstanceOf(AddressRefusedError);
  });

  it('refuses the local test server unless private addresses are allowed', async () => {
    await expect(fetchLinkPreview(new URL(`${origin}/page`))).rejects.toBeInstanceOf(AddressRefusedError);
    const before = requested.length;
    await expect(fetchLinkPreview(new URL(`http://localhost:${port}/page`))).rejects.toBeInstanceOf(AddressRefusedError);
    expect(requested.length).toBe(before);
  });

  it('checks the resolved address, so a public-looking name for an inside address is refused', async () => {
    const resolve = fakeDns({
      'intranet.example': ['10.0.0.7'],
      'both.example': ['93.184.216.34', '192.168.0.2'],
      'metadata.example': ['169.254.169.254'],
    });
    for (const host of ['intranet.example', 'both.example', 'metadata.example']) {
      await expect(fetchLinkPreview(new URL(`http://${host}/`), { resolve }), host).rejects.toBeInstanceOf(AddressRefusedError);
    }
  });

  it('connects to the address it vetted', async () => {
    const resolve = fakeDns({ 'site.test': ['127.0.0.1'] });
    expect((await fetchLinkPreview(new URL(`http://site.test:${port}/title`), { ...local, resolve })).title).toBe('Plain & simple');
  });

  it('checks every redirect: to metadata addresses, to names that resolve inside, to other schemes', async () => {
    const resolve = fakeDns({ 'metadata.test': ['169.254.169.254'], '127.0.0.1': ['127.0.0.1'] });
    await expect(fetchLinkPreview(new URL(`${origin}/to-metadata`), local)).rejects.toBeInstanceOf(AddressRefusedError);
    await expect(fetchLinkPreview(new URL(`${origin}/to-mapped`), { ...local, resolve })).rejects.toBeInstanceOf(AddressRefusedError);
    await expect(fetchLinkPreview(new URL(`${origin}/to-ftp`), local)).rejects.toBeInstanceOf(AddressRefusedError);
  });
});

describe('fetching images', () => {
  it('fetches an image, or a page’s og:image', async () => {
    expect((await fetchImage(new URL(`${origin}/img.png`), local)).equals(picture)).toBe(true);
    expect((await fetchLinkImage(new URL(`${origin}/img.png`), local))?.equals(picture)).toBe(true);
    expect((await fetchLinkImage(new URL(`${origin}/page`), local))?.equals(picture)).toBe(true);
    expect(await fetchLinkImage(new URL(`${origin}/title`), local)).toBeNull();
  });

  it('refuses bodies that are not images or are too large', async () => {
    await expect(fetchImage(new URL(`${origin}/page`), local)).rejects.toBeInstanceOf(LinkFetchError);
    const small = { ...local, maxImageBytes: MiB };
    await expect(fetchImage(new URL(`${origin}/big-image`), small)).rejects.toThrow('The response is too large.');
    await expect(fetchImage(new URL(`${origin}/big-image-chunked`), small)).rejects.toThrow('The response is too large.');
  });
});

describe('GET /api/_link_info', () => {
  let closed: TestApp;
  let open: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'quorum-links-'));
    closed = await buildTestApp({ dataDir });
    open = await buildTestApp({ dataDir, linkFetchAllowPrivate: true });
  });
  afterAll(async () => {
    await closed.close();
    await open.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const linkInfo = (browser: Browser, url: string) => browser.get(`/api/_link_info?url=${encodeURIComponent(url)}`);

  it('needs a logged-in user', async () => {
    const visitor = await new Browser(open.app).open();
    const response = await linkInfo(visitor, `${origin}/page`);
    expect(response.statusCode).toBe(401);
  });

  it('answers the page title', async () => {
    const { browser } = await signUp(open.app);
    const response = await linkInfo(browser, `${origin}/page`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ title: 'Caf\u00e9 & Bar \u2014 \u{1F600}' });
  });

  it('answers an empty title, never null, when the page has none or cannot be fetched', async () => {
    const { browser } = await signUp(open.app);
    for (const path of ['/untitled', '/missing', '/json', '/hop/4']) {
      const response = await linkInfo(browser, `${origin}${path}`);
      expect(response.statusCode, path).toBe(200);
      expect(response.json(), path).toEqual({ title: '' });
    }
  });

  it.each(['ftp://example.com/file', 'javascript:alert(1)', 'not a url', 'example.com', 'http://', ''])(
    'answers 400 invalid-url for %j',
    async (url) => {
      const { browser } = await signUp(closed.app);
      const response = await linkInfo(browser, url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 400, code: 'invalid-url', message: 'The URL you provided is not a valid URL.' });
    },
  );

  it('answers 400 invalid-url without a url parameter', async () => {
    const { browser } = await signUp(closed.app);
    expect((await browser.get('/api/_link_info')).statusCode).toBe(400);
  });

  it.each(['http://127.0.0.1/', 'http://localhost/', 'http://[::1]/', 'http://10.0.0.1/', 'http://169.254.169.254/', 'http://0.0.0.0/'])(
    'refuses %s with a clear message',
    async (url) => {
      const { browser } = await signUp(closed.app);
      const response = await linkInfo(browser, url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        status: 400,
        code: 'invalid-url',
        message: 'Links to local or private network addresses are not allowed.',
      });
    },
  );

  it('refuses the local test server unless LINK_FETCH_ALLOW_PRIVATE is on, and redirects inside even then', async () => {
    const closedUser = await signUp(closed.app);
    expect((await linkInfo(closedUser.browser, `${origin}/page`)).statusCode).toBe(400);
    const openUser = await signUp(open.app);
    const response = await linkInfo(openUser.browser, `${origin}/to-metadata`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Links to local or private network addresses are not allowed.');
  });

  it('gives a new link post its page’s preview image as a thumbnail, without holding up the answer', async () => {
    const { browser } = await signUp(open.app);
    const community = await insertCommunity(open.sql);
    const created = await browser.post('/api/posts', { type: 'link', title: 'A page', community: community.name, url: `${origin}/page` });
    expect(created.statusCode).toBe(201);
    const { publicId } = created.json();

    let image: { url: string; width: number; height: number } | null = null;
    for (let attempt = 0; attempt < 100 && !image; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      image = (await browser.get(`/api/posts/${publicId}`)).json().link.image;
    }
    expect(image).toMatchObject({ width: 1280, height: 720 });
    expect((await open.app.inject(image?.url ?? '')).statusCode).toBe(200);

    const plain = await browser.post('/api/posts', { type: 'link', title: 'No picture', community: community.name, url: `${origin}/title` });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().link.image).toBeNull();
  });

  it('linkImageSaver stores a link thumbnail cropped to 1280×720, unattached, for the poster', async () => {
    const { id: poster } = await member(open);
    const save = linkImageSaver(open.sql, createImageStore({ dataDir }), local);
    const id = await save(`${origin}/page`, poster);
    expect(id).not.toBeNull();
    const [row] = await open.sql<{ width: number; height: number; uploadedBy: string; attachedAt: Date | null }[]>`
      select width, height, uploaded_by, attached_at from images where id = ${id}`;
    expect(row).toEqual({ width: 1280, height: 720, uploadedBy: poster, attachedAt: null });
    expect(await save(`${origin}/title`, poster)).toBeNull();
    expect(await save('http://169.254.169.254/latest/meta-data/', poster)).toBeNull();
    expect(await save('not a url', poster)).toBeNull();
  });
});
