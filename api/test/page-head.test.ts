import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellContentSecurityPolicy } from '../src/http/web.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { del, makeCommunity, makePost, makeUpload, makeUser, type SignedUp } from './helpers/factories.ts';

const PUBLIC_URL = 'https://forum.example';
const SHELL_SOURCE = new URL('../../web/index.html', import.meta.url);

let shell: string;
let dist: string;
let t: TestApp;
let base: string;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescape = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/** A page as a crawler reads it: its status, headers and the tags of its head. */
interface Page {
  status: number;
  headers: Headers;
  html: string;
  title: string | undefined;
  /** The content of `<meta name|property="key">`, unescaped; undefined when there is none. */
  meta(key: string): string | undefined;
  /** How many `<meta name|property="key">` the page has. */
  count(key: string): number;
  /** The attributes of each `<link rel="rel">`, unescaped. */
  links(rel: string): Array<Record<string, string>>;
}

function attributes(tag: string): Record<string, string> {
  return Object.fromEntries([...tag.matchAll(/([a-z:-]+)="([^"]*)"/g)].map((match) => [match[1] ?? '', unescape(match[2] ?? '')]));
}

async function page(path: string, headers: Record<string, string> = {}): Promise<Page> {
  const response = await fetch(`${base}${path}`, { headers: { accept: 'text/html', ...headers } });
  const html = await response.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const metas = [...head.matchAll(/<meta [^>]*>/g)].map((match) => attributes(match[0]));
  const find = (key: string) => metas.filter((tag) => tag.name === key || tag.property === key);
  const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)];
  expect(titles, path).toHaveLength(1);
  return {
    status: response.status,
    headers: response.headers,
    html,
    title: unescape(titles[0]?.[1] ?? ''),
    meta: (key) => find(key)[0]?.content,
    count: (key) => find(key).length,
    links: (rel) => [...head.matchAll(/<link [^>]*>/g)].map((match) => attributes(match[0])).filter((tag) => tag.rel === rel),
  };
}

const feedLinks = (p: Page) => p.links('alternate').filter((link) => link.type === 'application/atom+xml').map((link) => link.href);

let author: SignedUp;
let community: { name: string };

beforeAll(async () => {
  shell = await readFile(SHELL_SOURCE, 'utf8');
  dist = await mkdtemp(join(tmpdir(), 'quorum-pages-'));
  await writeFile(join(dist, 'index.html'), shell);
  t = await buildTestApp({ webDist: dist, publicUrl: PUBLIC_URL });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  author = await makeUser(t);
  community = await makeCommunity(author.browser, { about: 'All about **growing** [vegetables](https://veg.example) at home.' });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the web shell', () => {
  it('has the title and description the server replaces, and a head to add tags to', () => {
    expect(shell).toMatch(/<title>Quorum<\/title>/);
    expect(shell).toMatch(/<meta name="description" content="[^"]+" \/>/);
    expect(shell).toContain('</head>');
  });
});

describe('a post page', () => {
  it('is named, described and pictured by the post, with absolute addresses', async () => {
    const body = `# Heading\n\nThe **first** paragraph has a [link](https://example.com/x) and \`code\`. ${'More words follow here. '.repeat(12)}`;
    const post = await makePost(author.browser, community.name, { title: 'Tomatoes in pots', body });
    const path = `/${community.name}/post/${post.publicId}`;
    const p = await page(path);
    expect(p.status).toBe(200);
    expect(p.headers.get('content-type')).toMatch(/^text\/html/);
    expect(p.title).toBe('Tomatoes in pots · Quorum');
    const description = p.meta('description') ?? '';
    expect(description.startsWith('Heading The first paragraph has a link and code. More words')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith('…')).toBe(true);
    expect(description).not.toMatch(/[#*`[\]]/);
    expect(p.count('description')).toBe(1);
    expect(p.links('canonical')).toEqual([{ rel: 'canonical', href: `${PUBLIC_URL}${path}` }]);
    expect(p.meta('og:title')).toBe('Tomatoes in pots');
    expect(p.meta('og:description')).toBe(description);
    expect(p.meta('og:type')).toBe('article');
    expect(p.meta('og:site_name')).toBe('Quorum');
    expect(p.meta('og:url')).toBe(`${PUBLIC_URL}${path}`);
    // No picture of its own nor a community icon: the site's icon.
    expect(p.meta('og:image')).toBe(`${PUBLIC_URL}/icons/icon-512.png`);
    expect(p.meta('og:image:width')).toBe('512');
    expect(p.meta('og:image:height')).toBe('512');
    expect(p.meta('twitter:card')).toBe('summary');
    expect(p.meta('twitter:title')).toBe('Tomatoes in pots');
    expect(p.meta('twitter:description')).toBe(description);
    expect(p.meta('robots')).toBeUndefined();
    expect(feedLinks(p)).toEqual([`${PUBLIC_URL}/feeds/c/${community.name}.atom`]);
    expect(p.html).toContain('<div id="root"></div>');
  });

  it("shows an image post's picture, large, with its size and alt text", async () => {
    const image = await makeUpload(t.sql, author.user.id, 'A tomato plant');
    const created = await author.browser.post('/api/posts', { community: community.name, type: 'image', title: 'Look', images: [{ imageId: image }] });
    expect(created.statusCode, created.body).toBe(201);
    const p = await page(`/${community.name}/post/${created.json<{ publicId: string }>().publicId}`);
    expect(p.meta('og:image')).toBe(`${PUBLIC_URL}/images/${image}.jpeg`);
    expect(p.meta('og:image:width')).toBe('800');
    expect(p.meta('og:image:height')).toBe('600');
    expect(p.meta('og:image:alt')).toBe('A tomato plant');
    expect(p.meta('twitter:card')).toBe('summary_large_image');
    expect(p.meta('twitter:image')).toBe(`${PUBLIC_URL}/images/${image}.jpeg`);
  });

  it('falls back on the community icon, and names the real community when the link had another', async () => {
    const other = await makeCommunity(author.browser);
    const icon = await makeUpload(t.sql, author.user.id);
    await t.sql`update communities set pro_pic_id = ${icon} where lower(name) = lower(${other.name})`;
    const post = await makePost(author.browser, other.name, { title: 'Elsewhere' });
    const p = await page(`/${community.name}/post/${post.publicId}`);
    expect(p.status).toBe(200);
    expect(p.links('canonical')[0]?.href).toBe(`${PUBLIC_URL}/${other.name}/post/${post.publicId}`);
    expect(p.meta('og:image')).toBe(`${PUBLIC_URL}/images/${icon}.jpeg`);
    expect(p.meta('description')).toBe(shellDescription());

    const comment = await page(`/${other.name}/post/${post.publicId}/c0mment1d`);
    expect(comment.title).toBe('Elsewhere · Quorum');
    expect(comment.links('canonical')[0]?.href).toBe(`${PUBLIC_URL}/${other.name}/post/${post.publicId}/c0mment1d`);
  });

  it('escapes the title and body everywhere they appear', async () => {
    const title = 'Tom & Jerry say "hi" <script>alert(1)</script>';
    const post = await makePost(author.browser, community.name, { title, body: 'Fish & <b>chips</b> "here"' });
    const p = await page(`/${community.name}/post/${post.publicId}`);
    expect(p.title).toBe(`${title} · Quorum`);
    expect(p.meta('og:title')).toBe(title);
    expect(p.meta('twitter:title')).toBe(title);
    expect(p.meta('description')).toBe('Fish & chips "here"');
    expect(p.html).toContain('<title>Tom &amp; Jerry say &quot;hi&quot; &lt;script&gt;alert(1)&lt;/script&gt; · Quorum</title>');
    expect(p.html).not.toContain('<script>alert(1)');
    expect(p.html).not.toContain('"hi"');
  });

  it('answers 404 for a post that is not there', async () => {
    const p = await page(`/${community.name}/post/NoSuchPost1`);
    expect(p.status).toBe(404);
    expect(p.title).toBe('Not found · Quorum');
    expect(p.meta('robots')).toBe('noindex');
    expect(p.links('canonical')).toEqual([]);
    expect(p.html).toContain('<div id="root"></div>');
  });

  it('tells nothing of a deleted post', async () => {
    const post = await makePost(author.browser, community.name, { title: 'Secret zebra title', body: 'Hidden okapi body' });
    expect((await del(author.browser, `/api/posts/${post.publicId}`)).statusCode).toBe(200);
    const p = await page(`/${community.name}/post/${post.publicId}`);
    // Visitors are shown the deleted post's page, as the API answers them.
    expect(p.status).toBe(200);
    expect(p.html).not.toMatch(/zebra|okapi/);
    expect(p.meta('robots')).toBe('noindex');
    expect(p.meta('description')).toBe(shellDescription());
  });

  it('tells nothing of a post held for approval: visitors are told it is not there', async () => {
    const post = await makePost(author.browser, community.name, { title: 'Held narwhal title', body: 'Held quokka body' });
    await t.sql`update posts set held_at = now() where id = ${post.id}`;
    const p = await page(`/${community.name}/post/${post.publicId}`);
    expect(p.status).toBe(404);
    expect(p.html).not.toMatch(/narwhal|quokka/);
    // The author, logged in, gets the same page: what the app shows is up to the app.
    const own = await author.browser.get(`/${community.name}/post/${post.publicId}`);
    expect(own.statusCode).toBe(404);
    expect(own.body).not.toMatch(/narwhal|quokka/);
  });
});

function shellDescription(): string {
  return unescape(/<meta name="description" content="([^"]*)"/.exec(shell)?.[1] ?? '');
}

describe('community, profile and list pages', () => {
  it("describe a community by its about text, with its feed", async () => {
    const p = await page(`/${community.name.toUpperCase()}`);
    expect(p.status).toBe(200);
    expect(p.title).toBe(`/${community.name} · Quorum`);
    expect(p.meta('description')).toBe('All about growing vegetables at home.');
    expect(p.meta('og:type')).toBe('website');
    expect(p.links('canonical')[0]?.href).toBe(`${PUBLIC_URL}/${community.name}`);
    expect(feedLinks(p)).toEqual([`${PUBLIC_URL}/feeds/c/${community.name}.atom`]);
    expect(p.links('alternate')[0]?.title).toBe(`Posts in /${community.name} · Quorum`);
    expect((await page('/no_such_community')).status).toBe(404);
    expect((await page(`/${community.name}/modlog`)).title).toBe(`Moderation log · /${community.name} · Quorum`);
    expect((await page('/no_such_community/modlog')).status).toBe(404);
  });

  it("describe a user by their about text, and hide a deleted or suspended one", async () => {
    const user = await makeUser(t);
    await t.sql`update users set about_me = ${'I grow _chillies_.'} where id = ${user.user.id}`;
    const p = await page(`/@${user.username}`);
    expect(p.status).toBe(200);
    expect(p.title).toBe(`@${user.username} · Quorum`);
    expect(p.meta('description')).toBe('I grow chillies.');
    expect(p.meta('og:type')).toBe('profile');
    expect(p.links('canonical')[0]?.href).toBe(`${PUBLIC_URL}/@${user.username}`);
    expect(feedLinks(p)).toEqual([`${PUBLIC_URL}/feeds/u/${user.username}.atom`]);

    expect((await page('/@nobody_here_at_all')).status).toBe(404);
    const suspended = await makeUser(t);
    await t.sql`update users set banned_at = now() where id = ${suspended.user.id}`;
    expect((await page(`/@${suspended.username}`)).status).toBe(404);
    const deleted = await makeUser(t);
    await t.sql`update users set deleted_at = now() where id = ${deleted.user.id}`;
    expect((await page(`/@${deleted.username}`)).status).toBe(404);
  });

  it('show a public list, and answer 404 for a private or missing one', async () => {
    const made = await author.browser.post(`/api/users/${author.username}/lists`, {
      name: 'best_tools', displayName: 'Best <tools>', description: 'What I *use*.', public: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    const p = await page(`/@${author.username}/lists/best_tools`);
    expect(p.status).toBe(200);
    expect(p.title).toBe('Best <tools> · Quorum');
    expect(p.meta('description')).toBe('What I use.');
    expect(p.links('canonical')[0]?.href).toBe(`${PUBLIC_URL}/@${author.username}/lists/best_tools`);

    await author.browser.post(`/api/users/${author.username}/lists`, { name: 'secret_list', displayName: 'Secret wombats' });
    const hidden = await page(`/@${author.username}/lists/secret_list`);
    expect(hidden.status).toBe(404);
    expect(hidden.html).not.toContain('wombats');
    expect((await page(`/@${author.username}/lists/no_such_list`)).status).toBe(404);

    const index = await page(`/@${author.username}/lists`);
    expect(index.status).toBe(200);
    expect(index.title).toBe(`@${author.username}'s lists · Quorum`);
    expect((await page('/@nobody_here_at_all/lists')).status).toBe(404);
  });
});

describe('pages that need no data', () => {
  it('name home and All with their sorts, and link the site feeds', async () => {
    const home = await page('/');
    expect(home.status).toBe(200);
    expect(home.title).toBe('Quorum');
    expect(home.meta('description')).toBe(shellDescription());
    expect(home.links('canonical')[0]?.href).toBe(`${PUBLIC_URL}/`);
    expect(feedLinks(home)).toEqual([`${PUBLIC_URL}/feeds/hot.atom`, `${PUBLIC_URL}/feeds/new.atom`]);
    const all = await page('/all?sort=week');
    expect(all.title).toBe('All · Quorum');
    expect(all.links('canonical')[0]?.href).toBe(`${PUBLIC_URL}/all?sort=week`);
    expect(feedLinks(all)).toHaveLength(2);
    expect((await page('/all?sort=hot')).links('canonical')[0]?.href).toBe(`${PUBLIC_URL}/all`);
    expect((await page('/?sort=bogus')).links('canonical')[0]?.href).toBe(`${PUBLIC_URL}/`);
  });

  it('title the static pages and the communities list as the app does', async () => {
    const titles: Record<string, string> = {
      '/about': 'About Quorum',
      '/guidelines': 'Community guidelines',
      '/moderator-guidelines': 'Moderator guidelines',
      '/terms': 'Terms of service',
      '/privacy-policy': 'Privacy policy',
      '/markdown_guide': 'Markdown guide',
      '/communities': 'Communities',
      '/modlog': 'Moderation log',
    };
    for (const [path, title] of Object.entries(titles)) {
      const p = await page(path);
      expect(p.status, path).toBe(200);
      expect(p.title, path).toBe(`${title} · Quorum`);
      expect(p.meta('robots'), path).toBeUndefined();
      expect(p.meta('og:type'), path).toBe('website');
      expect(feedLinks(p), path).toEqual([]);
    }
    expect((await page('/markdown_guide')).links('canonical')[0]?.href).toBe(`${PUBLIC_URL}/markdown-guide`);
  });

  it('keep private pages and search results out of search engines', async () => {
    for (const path of ['/settings', '/login?redirect=/new', '/admin', '/admin/users', `/${community.name}/modtools/reports`, '/notifications', '/new', '/search?q=x']) {
      const p = await page(path);
      expect(p.status, path).toBe(200);
      expect(p.meta('robots'), path).toBe('noindex');
    }
    const search = await page('/search?q=%3Cb%3E%20%26%20"pots"');
    expect(search.title).toBe('Search: <b> & "pots" · Quorum');
    expect((await page('/search')).title).toBe('Search · Quorum');
    expect((await page('/settings')).title).toBe('Settings · Quorum');
  });

  it('answer 404 with the not-found page for an unknown address', async () => {
    for (const path of ['/a/b/c/d/e', '/some-thing', '/x/unknown']) {
      const p = await page(path);
      expect(p.status, path).toBe(404);
      expect(p.title, path).toBe('Not found · Quorum');
      expect(p.meta('robots'), path).toBe('noindex');
    }
  });
});

describe('the page itself', () => {
  it("keeps the shell's Content-Security-Policy: the head adds no script or style", async () => {
    const policy = shellContentSecurityPolicy(shell);
    const post = await makePost(author.browser, community.name, { title: '<style>x</style><script>y</script>' });
    for (const path of ['/', `/${community.name}/post/${post.publicId}`, '/nope/nope/nope']) {
      const p = await page(path);
      expect(p.headers.get('content-security-policy'), path).toBe(policy);
      const inline = (tag: string) => [...p.html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((match) => sha256(match[1] ?? ''));
      expect(inline('script').length + inline('style').length, path).toBeGreaterThan(0);
      for (const hash of [...inline('script'), ...inline('style')]) expect(policy, path).toContain(hash);
      expect(p.html.match(/<script/g)?.length, path).toBe(shell.match(/<script/g)?.length);
      expect(p.html.match(/<style/g)?.length, path).toBe(shell.match(/<style/g)?.length);
    }
  });

  it('is compressed for browsers that accept it, and revalidated on each load', async () => {
    const raw = await t.app.inject({ url: `/${community.name}`, headers: { 'accept-encoding': 'br' } });
    expect(raw.headers['content-encoding']).toBe('br');
    expect(raw.headers['cache-control']).toBe('private, no-cache');
    const plain = await t.app.inject({ url: `/${community.name}`, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain(`<title>/${community.name} · Quorum</title>`);
    const head = await t.app.inject({ method: 'HEAD', url: '/no_such_community' });
    expect(head.statusCode).toBe(404);
  });
});

describe('with the visitor micro-cache on', () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await buildTestApp({ webDist: dist, publicUrl: PUBLIC_URL, visitorCacheMs: 60_000 });
  });
  afterAll(() => cached.close());

  it('builds a post page once per interval, not on each request', async () => {
    const writer = await makeUser(cached);
    const place = await makeCommunity(writer.browser);
    const post = await makePost(writer.browser, place.name, { title: 'First title' });
    const path = `/${place.name}/post/${post.publicId}`;
    expect((await cached.app.inject(path)).body).toContain('<title>First title · Quorum</title>');
    await cached.sql`update posts set title = 'Second title' where id = ${post.id}`;
    expect((await cached.app.inject(path)).body).toContain('<title>First title · Quorum</title>');
  });
});
