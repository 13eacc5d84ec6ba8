// Atom feeds, sitemaps, robots.txt and the OpenSearch description, fetched over a real port with
// the web app's shell in place (so that a miss is seen not to fall through to it).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '@quorum/shared/entities/posts';
import { listSitemapPageStarts } from '../src/syndication/queries.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { del, insertCommunity, makeAdmin, makeComment, makePost, makeUpload, member, visitor, type Member } from './helpers/factories.ts';

const PUBLIC_URL = 'https://forum.example';
const SHELL = '<!doctype html><html><head><title>Quorum</title><meta name="description" content="A forum."></head><body><div id="root"></div></body></html>';

let t: TestApp;
let dist: string;
let base: string;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'quorum-syndication-'));
  await writeFile(join(dist, 'index.html'), SHELL);
  t = await buildTestApp({ publicUrl: PUBLIC_URL, webDist: dist });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address;
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

interface Fetched {
  status: number;
  headers: Headers;
  body: string;
}

async function get(path: string, options: { headers?: Record<string, string>; method?: string } = {}): Promise<Fetched> {
  const response = await fetch(`${base}${path}`, { method: options.method ?? 'GET', headers: options.headers });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

// ---------------------------------------------------------------------------------------------
// Reading XML

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // Numeric character references (&#39;) are decoded like the named ones.
  htmlEntities: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => ['entry', 'link', 'url', 'sitemap', 'Url', 'category'].includes(name),
});

/** Characters no XML document may hold, even escaped. */
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

/** An element as `parser` reads it: children by name, attributes as `@name`, text as `#text`. */
type XmlNode = Record<string, unknown>;

const isNode = (value: unknown): value is XmlNode => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The child element `name` of `node` (the first, if several). */
function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  const value = node?.[name];
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return isNode(first) ? first : undefined;
}

/** The child elements `name` of `node`. */
function children(node: XmlNode | undefined, name: string): XmlNode[] {
  const value = node?.[name];
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(isNode);
}

/** The text of the child element `name` (undefined when there is none). */
function textOf(node: XmlNode | undefined, name: string): string | undefined {
  const value = node?.[name];
  if (typeof value === 'string') return value;
  if (isNode(value)) return typeof value['#text'] === 'string' ? value['#text'] : '';
  return undefined;
}

const attr = (node: XmlNode | undefined, name: string): string | undefined => {
  const value = node?.[`@${name}`];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The document parsed, once it is seen to be well-formed, to hold no character XML forbids and to
 * use no entity but XML's own five (and character references).
 */
function parseXml(body: string): XmlNode {
  expect(XMLValidator.validate(body)).toBe(true);
  expect(body).not.toMatch(XML_FORBIDDEN);
  expect(body).not.toMatch(/&(?!(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);)/);
  const parsed: unknown = parser.parse(body);
  if (!isNode(parsed)) throw new Error('no document');
  return parsed;
}

interface Entry {
  id: string;
  title: string;
  href: string;
  related: string | undefined;
  enclosures: Array<{ href: string; type: string }>;
  author: string;
  authorUri: string | undefined;
  category: string;
  published: string;
  updated: string;
  content: string | undefined;
}

interface Feed {
  id: string;
  title: string;
  self: string;
  alternate: string;
  updated: string;
  entries: Entry[];
}

function readFeed(response: Fetched): Feed {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
  const feed = child(parseXml(response.body), 'feed');
  expect(attr(feed, 'xmlns')).toBe('http://www.w3.org/2005/Atom');
  const rel = (node: XmlNode, name: string) => children(node, 'link').filter((link) => attr(link, 'rel') === name);
  const entries = children(feed, 'entry').map((entry): Entry => ({
    id: textOf(entry, 'id') ?? '',
    title: textOf(entry, 'title') ?? '',
    href: attr(rel(entry, 'alternate')[0], 'href') ?? '',
    related: attr(rel(entry, 'related')[0], 'href'),
    enclosures: rel(entry, 'enclosure').map((link) => ({ href: attr(link, 'href') ?? '', type: attr(link, 'type') ?? '' })),
    author: textOf(child(entry, 'author'), 'name') ?? '',
    authorUri: textOf(child(entry, 'author'), 'uri'),
    category: attr(child(entry, 'category'), 'term') ?? '',
    published: textOf(entry, 'published') ?? '',
    updated: textOf(entry, 'updated') ?? '',
    content: textOf(entry, 'content'),
  }));
  return {
    id: textOf(feed, 'id') ?? '',
    title: textOf(feed, 'title') ?? '',
    self: attr(rel(feed ?? {}, 'self')[0], 'href') ?? '',
    alternate: attr(rel(feed ?? {}, 'alternate')[0], 'href') ?? '',
    updated: textOf(feed, 'updated') ?? '',
    entries,
  };
}

/** The `<url>` entries of a sitemap. */
function sitemapUrls(body: string): Array<{ loc: string; lastmod: string }> {
  return children(child(parseXml(body), 'urlset'), 'url').map((url) => ({ loc: textOf(url, 'loc') ?? '', lastmod: textOf(url, 'lastmod') ?? '' }));
}

async function fetchFeed(path: string): Promise<Feed> {
  return readFeed(await get(path));
}

const postUrl = (post: { communityName: string; publicId: string }) => `${PUBLIC_URL}/${post.communityName}/post/${post.publicId}`;

// ---------------------------------------------------------------------------------------------
// Data

/** A post written straight to the database (a link post, many posts), newest by default. */
async function insertPost(
  author: { id: string },
  community: { id: string },
  fields: { title: string; body?: string | null; type?: 'text' | 'link' | 'image'; linkUrl?: string; hotness?: number; secondsAgo?: number },
): Promise<{ id: string; publicId: string }> {
  const publicId = randomBytes(6).toString('base64url');
  const [row] = await t.sql<{ id: string }[]>`
    insert into posts (public_id, type, title, body, link_url, link_hostname, user_id, community_id, hotness, created_at)
    values (${publicId}, ${fields.type ?? 'text'}, ${fields.title}, ${fields.body ?? null}, ${fields.linkUrl ?? null},
      ${fields.linkUrl ? new URL(fields.linkUrl).hostname : null}, ${author.id}, ${community.id}, ${fields.hotness ?? 0},
      now() - make_interval(secs => ${fields.secondsAgo ?? 0}))
    returning id`;
  return { id: row!.id, publicId };
}

async function communityWithAuthor(): Promise<{ author: Member; community: { id: string; name: string } }> {
  const author = await member(t);
  const community = await insertCommunity(t.sql, { modId: author.id });
  return { author, community };
}

const TRICKY_TITLE = `<b>Tom & "Jerry"</b> it's 1 < 2 &amp; ]]> done`;
const TRICKY_BODY = `Line one & <i>two</i>\n"quoted" 'single' <script>alert(1)</script>`;

// ---------------------------------------------------------------------------------------------

describe('site feeds', () => {
  it('are Atom documents with escaped titles and bodies, absolute links, authors and dates', async () => {
    const { author, community } = await communityWithAuthor();
    const post = await makePost(author.browser, community.name, { title: TRICKY_TITLE, body: TRICKY_BODY });

    const response = await get('/feeds/new.atom');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(response.headers.get('last-modified')).not.toBeNull();
    // The raw document carries the markup as text, never as elements.
    expect(response.body).not.toContain('<script>');
    expect(response.body).toContain('&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt; it&#39;s 1 &lt; 2 &amp;amp; ]]&gt; done');

    const feed = readFeed(response);
    expect(feed).toMatchObject({
      id: `${PUBLIC_URL}/feeds/new.atom`,
      self: `${PUBLIC_URL}/feeds/new.atom`,
      alternate: `${PUBLIC_URL}/all?sort=latest`,
    });
    const entry = feed.entries[0];
    expect(entry).toEqual({
      id: `tag:forum.example,${post.createdAt.slice(0, 10)}:posts/${post.publicId}`,
      title: TRICKY_TITLE,
      href: postUrl(post),
      related: undefined,
      enclosures: [],
      author: author.username,
      authorUri: `${PUBLIC_URL}/@${author.username}`,
      category: community.name,
      published: post.createdAt,
      updated: post.createdAt,
      content: TRICKY_BODY,
    });
    expect(new Date(feed.updated).toISOString()).toBe(post.createdAt);
    expect(new Date(response.headers.get('last-modified')!).getTime()).toBe(Math.floor(Date.parse(post.createdAt) / 1000) * 1000);
  });

  it('drop the characters XML forbids instead of breaking the document', async () => {
    const { author, community } = await communityWithAuthor();
    await insertPost(author, community, { title: 'Bell\u0007 and\u000B tab\there', body: 'Null-ish \u0001 body\u001F end' });
    const [entry] = (await fetchFeed('/feeds/new.atom')).entries;
    expect(entry).toMatchObject({ title: 'Bell and tab\there', content: 'Null-ish  body end' });
  });

  it('carry the address of a link post and the files of an image post', async () => {
    const { author, community } = await communityWithAuthor();
    const link = await insertPost(author, community, { title: 'A link & more', type: 'link', linkUrl: 'https://example.org/a?b=1&c=2' });
    const image = await insertPost(author, community, { title: 'A picture', type: 'image' });
    const upload = await makeUpload(t.sql, author.id, 'Alt "text"');
    await t.sql`insert into post_images (post_id, image_id, z_index) values (${image.id}, ${upload}, 0)`;

    const entries = (await fetchFeed('/feeds/new.atom')).entries;
    const byTitle = new Map(entries.map((entry) => [entry.title, entry]));
    expect(byTitle.get('A link & more')).toMatchObject({ related: 'https://example.org/a?b=1&c=2', content: undefined, enclosures: [] });
    expect(byTitle.get('A picture')).toMatchObject({ enclosures: [{ href: `${PUBLIC_URL}/images/${upload}.jpeg`, type: 'image/jpeg' }] });
    expect(link.publicId).not.toBe(image.publicId);
  });

  it('hold what a visitor sees in the All feed, in its order, 50 at most', async () => {
    const { author, community } = await communityWithAuthor();
    for (let i = 0; i < 55; i += 1) await insertPost(author, community, { title: `Filler ${i}`, hotness: 10_000_000_000_000 + i });
    const anyone = await visitor(t);
    for (const [feed, sort] of [['new', 'latest'], ['hot', 'hot']] as const) {
      const page = (await anyone.get(`/api/posts?feed=all&sort=${sort}&limit=50`)).json() as { posts: Post[] };
      const entries = (await fetchFeed(`/feeds/${feed}.atom`)).entries;
      expect(entries).toHaveLength(50);
      expect(entries.map((entry) => entry.href)).toEqual(page.posts.slice(0, 50).map(postUrl));
    }
    const hot = (await fetchFeed('/feeds/hot.atom')).entries;
    expect(hot[0]?.title).toBe('Filler 54');
  });

  it('leave out deleted, removed and held posts and posts of a deleted community', async () => {
    const { author, community } = await communityWithAuthor();
    const mod = author;
    const other = await member(t);
    const deleted = await makePost(author.browser, community.name, { title: 'Deleted by its author' });
    expect((await del(author.browser, `/api/posts/${deleted.publicId}`)).statusCode).toBe(200);
    const removed = await makePost(other.browser, community.name, { title: 'Removed by a mod' });
    expect((await del(mod.browser, `/api/posts/${removed.publicId}?deleteAs=mods`)).statusCode).toBe(200);
    const held = await makePost(other.browser, community.name, { title: 'Held for approval' });
    await t.sql`update posts set held_at = now(), held_reason = 'Held' where id = ${held.id}`;
    const kept = await makePost(other.browser, community.name, { title: 'Still here' });
    const gone = await communityWithAuthor();
    const inGone = await makePost(gone.author.browser, gone.community.name, { title: 'In a deleted community' });
    await t.sql`update communities set deleted_at = now() where id = ${gone.community.id}`;
    // Ranked above everything else, so that each would lead the hot feed if it were there.
    await t.sql`update posts set hotness = 100000000000000 where id = any(${[deleted.id, removed.id, held.id, kept.id, inGone.id]})`;

    for (const path of ['/feeds/new.atom', '/feeds/hot.atom', `/feeds/c/${community.name}.atom`, `/feeds/u/${other.username}.atom`]) {
      const hrefs = (await fetchFeed(path)).entries.map((entry) => entry.href);
      expect(hrefs, path).toContain(postUrl(kept));
      for (const missing of [deleted, removed, held, inGone]) expect(hrefs, path).not.toContain(postUrl(missing));
    }
  });
});

describe('community feeds', () => {
  it("list the community's newest posts only, whatever the case of its name", async () => {
    const { author, community } = await communityWithAuthor();
    const elsewhere = await communityWithAuthor();
    const first = await makePost(author.browser, community.name, { title: 'First post' });
    await makePost(elsewhere.author.browser, elsewhere.community.name, { title: 'Elsewhere' });
    const second = await makePost(author.browser, community.name, { title: 'Second post' });

    const feed = await fetchFeed(`/feeds/c/${community.name.toUpperCase()}.atom`);
    expect(feed).toMatchObject({
      id: `${PUBLIC_URL}/feeds/c/${community.name}.atom`,
      title: `${community.name} on Quorum`,
      alternate: `${PUBLIC_URL}/${community.name}`,
    });
    expect(feed.entries.map((entry) => entry.href)).toEqual([postUrl(second), postUrl(first)]);
  });

  it('answer 404 in plain text for a community that is not there, deleted, or a name no community can have', async () => {
    const { community } = await communityWithAuthor();
    await t.sql`update communities set deleted_at = now() where id = ${community.id}`;
    for (const path of [`/feeds/c/${community.name}.atom`, '/feeds/c/nosuchcommunity.atom', '/feeds/c/a-b.atom', '/feeds/c/x.atom']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toBe('text/plain; charset=utf-8');
      expect(response.headers.get('cache-control'), path).toBe('public, max-age=60');
    }
    // Only Atom is offered: another extension is no feed of ours, and the site's 404 answers it.
    expect((await get(`/feeds/c/${community.name}.rss`)).status).toBe(404);
  });

  it('has an empty feed for a community without posts, dated when it was made', async () => {
    const { community } = await communityWithAuthor();
    const [row] = await t.sql<{ createdAt: Date }[]>`select created_at from communities where id = ${community.id}`;
    const feed = await fetchFeed(`/feeds/c/${community.name}.atom`);
    expect(feed.entries).toEqual([]);
    expect(feed.updated).toBe(row!.createdAt.toISOString());
  });
});

describe('user feeds', () => {
  it("list a member's newest posts (not comments), 50 at most, across the profile's pages", async () => {
    const { author, community } = await communityWithAuthor();
    const posts: Array<{ publicId: string }> = [];
    // A second apart: the embedded database's clock can give posts made in a row the same time.
    for (let i = 0; i < 53; i += 1) posts.push(await insertPost(author, community, { title: `Post ${i} of many`, secondsAgo: 53 - i }));
    await makeComment(author.browser, posts[52]!, 'A comment, not a post.');

    const feed = await fetchFeed(`/feeds/u/${author.username.toUpperCase()}.atom`);
    expect(feed).toMatchObject({ self: `${PUBLIC_URL}/feeds/u/${author.username}.atom`, alternate: `${PUBLIC_URL}/@${author.username}` });
    expect(feed.entries.map((entry) => entry.title)).toEqual(Array.from({ length: 50 }, (_, i) => `Post ${52 - i} of many`));
  });

  it('answer 404 for a name nobody holds, and for deleted and suspended accounts, as their profiles do to visitors', async () => {
    const admin = await makeAdmin(t);
    const { author, community } = await communityWithAuthor();
    const post = await makePost(author.browser, community.name, { title: 'Before the ban' });
    expect((await get(`/feeds/u/${author.username}.atom`)).status).toBe(200);

    expect((await admin.browser.post('/api/_admin', { action: 'ban_user', username: author.username })).statusCode).toBe(200);
    const banned = await get(`/feeds/u/${author.username}.atom`);
    expect(banned.status).toBe(404);
    expect(banned.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    // The site's feeds show what the All feed shows visitors: a ban alone deletes nothing.
    const shownOnSite = ((await (await visitor(t)).get('/api/posts?feed=all&sort=latest&limit=50')).json() as { posts: Post[] }).posts
      .some((p) => p.publicId === post.publicId);
    expect((await fetchFeed('/feeds/new.atom')).entries.some((entry) => entry.href === postUrl(post))).toBe(shownOnSite);

    const gone = await member(t);
    await t.sql`update users set deleted_at = now() where id = ${gone.id}`;
    expect((await get(`/feeds/u/${gone.username}.atom`)).status).toBe(404);
    expect((await get('/feeds/u/nobody_at_all.atom')).status).toBe(404);
    expect((await get('/feeds/u/not%20a%20name.atom')).status).toBe(404);
  });

  it("shows a deleted author's posts in the site feed under [deleted], without a profile link", async () => {
    const { author, community } = await communityWithAuthor();
    const post = await makePost(author.browser, community.name, { title: 'Author left' });
    await t.sql`update users set deleted_at = now() where id = ${author.id}`;
    const entry = (await fetchFeed('/feeds/new.atom')).entries.find((e) => e.href === postUrl(post));
    expect(entry).toMatchObject({ author: '[deleted]', authorUri: undefined });
  });
});

describe('HTTP behaviour of the documents', () => {
  it('answer 304 to a reader that holds the current version (ETag or date), and HEAD without a body', async () => {
    const { author, community } = await communityWithAuthor();
    await makePost(author.browser, community.name, { title: 'Cached post' });
    const path = `/feeds/c/${community.name}.atom`;
    const first = await get(path);
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;

    expect((await get(path, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await get(path, { headers: { 'if-none-match': `"other", W/${etag}` } })).status).toBe(304);
    expect((await get(path, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
    expect((await get(path, { headers: { 'if-modified-since': lastModified } })).status).toBe(304);
    expect((await get(path, { headers: { 'if-modified-since': 'Mon, 01 Jan 2001 00:00:00 GMT' } })).status).toBe(200);

    await makePost(author.browser, community.name, { title: 'A newer post' });
    const changed = await get(path, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);

    const head = await get(path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
  });

  it('answers a missing document with a 404 that is not the web app, and leaves pages of communities named like the folders to it', async () => {
    for (const path of ['/feeds/all.atom', '/feeds/c/x/y.atom', '/feeds/u/a.b.atom', '/sitemaps/nothing.xml', '/sitemaps/posts-1.xml.gz']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).not.toMatch(/html/);
    }
    // A community may be called "feeds" or "sitemaps": its pages are the web app's.
    for (const path of ['/feeds', '/feeds/post/abc123', '/feeds/c/modtools', '/sitemaps/modlog', '/all']) {
      expect((await get(path)).headers.get('content-type'), path).toMatch(/^text\/html/);
    }
  });

  it('keeps a feed for visitors a while, so that readers asking often do not each reach the database', async () => {
    const cached = await buildTestApp({ publicUrl: PUBLIC_URL, visitorCacheMs: 60_000 });
    try {
      const author = await member(cached);
      const community = await insertCommunity(cached.sql, { modId: author.id });
      await makePost(author.browser, community.name, { title: 'Before' });
      const read = async () => (await cached.app.inject({ url: `/feeds/c/${community.name}.atom` })).body;
      const before = await read();
      await makePost(author.browser, community.name, { title: 'After' });
      expect(await read()).toBe(before);
      expect(before).toContain('Before');
      expect(before).not.toContain('After');
    } finally {
      await cached.close();
    }
  });
});

describe('robots.txt', () => {
  /** Whether a crawler following Google's rules (longest match wins, `*` and `$`) may fetch `path`. */
  function allowed(robots: string, path: string): boolean {
    const rules = robots.split('\n').flatMap((line) => {
      const match = /^(Allow|Disallow): (.*)$/.exec(line);
      return match ? [{ allow: match[1] === 'Allow', pattern: match[2]! }] : [];
    });
    const matches = (pattern: string) => {
      const anchored = pattern.endsWith('$');
      const body = (anchored ? pattern.slice(0, -1) : pattern).split('*').map((part) => part.replace(/[.?+^()[\]{}|\\]/g, '\\$&')).join('.*');
      return new RegExp(`^${body}${anchored ? '$' : ''}`).test(path);
    };
    const best = rules.filter((rule) => matches(rule.pattern)).sort((a, b) => b.pattern.length - a.pattern.length || Number(a.allow) - Number(b.allow))[0];
    return best?.allow ?? true;
  }

  it('lets crawlers read the public pages, keeps them out of the API and private pages, and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.body).toMatch(/^User-agent: \*$/m);
    expect(response.body).toMatch(new RegExp(`^Sitemap: ${PUBLIC_URL}/sitemap.xml$`, 'm'));
    for (const path of ['/', '/all', '/communities', '/somecommunity', '/somecommunity/post/abc123', '/@someone', '/feeds/hot.atom',
      '/settingsfans', '/newyork', '/admins_club', '/searchers', '/loginhelp']) {
      expect(allowed(response.body, path), path).toBe(true);
    }
    for (const path of ['/api/posts', '/api/_initial', '/settings', '/settings/account', '/login', '/login?redirect=/all', '/admin', '/admin/users',
      '/search', '/search?q=cats', '/somecommunity/modtools', '/somecommunity/modtools/queue', '/notifications', '/new', '/new?community=x']) {
      expect(allowed(response.body, path), path).toBe(false);
    }
  });
});

describe('OpenSearch', () => {
  it("describes the site's search page for browsers", async () => {
    const response = await get('/opensearch.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/opensearchdescription+xml; charset=utf-8');
    const description = child(parseXml(response.body), 'OpenSearchDescription');
    expect(attr(description, 'xmlns')).toBe('http://a9.com/-/spec/opensearch/1.1/');
    expect(textOf(description, 'ShortName')).toBe('Quorum');
    expect(textOf(description, 'Image')).toBe(`${PUBLIC_URL}/favicon.ico`);
    const html = children(description, 'Url').find((url) => attr(url, 'type') === 'text/html');
    expect(attr(html, 'template')).toBe(`${PUBLIC_URL}/search?q={searchTerms}`);
  });
});

describe('sitemaps', () => {
  it('list live communities, with their latest activity', async () => {
    const { author, community } = await communityWithAuthor();
    const post = await makePost(author.browser, community.name, { title: 'Activity' });
    const gone = await communityWithAuthor();
    await t.sql`update communities set deleted_at = now() where id = ${gone.community.id}`;

    const response = await get('/sitemaps/communities.xml');
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const urls = sitemapUrls(response.body);
    const locs = urls.map((url) => url.loc);
    expect(locs).toContain(`${PUBLIC_URL}/${community.name}`);
    expect(locs).not.toContain(`${PUBLIC_URL}/${gone.community.name}`);
    expect(urls.find((url) => url.loc === `${PUBLIC_URL}/${community.name}`)?.lastmod).toBe(post.lastActivityAt);
  });

  it('page the newest live posts by keyset, 10,000 to a page, and list every page in the index', async () => {
    const { author, community } = await communityWithAuthor();
    const held = await makePost(author.browser, community.name, { title: 'Held, so not listed' });
    await t.sql`update posts set held_at = now() where id = ${held.id}`;
    const deleted = await makePost(author.browser, community.name, { title: 'Deleted, so not listed' });
    expect((await del(author.browser, `/api/posts/${deleted.publicId}`)).statusCode).toBe(200);
    await t.sql`
      insert into posts (public_id, type, title, user_id, community_id)
      select 'bulk' || i, 'text', 'Bulk post ' || i, ${author.id}, ${community.id} from generate_series(1, 10005) i`;

    const live = await t.sql<{ publicId: string; communityName: string }[]>`
      select p.public_id, c.name as community_name from posts p join communities c on c.id = p.community_id
      where p.deleted_at is null and p.held_at is null and c.deleted_at is null
      order by p.id desc`;
    expect(live.length).toBeGreaterThan(10_000);
    expect(live.length).toBeLessThan(20_000);

    const index = await get('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const sitemaps = children(child(parseXml(index.body), 'sitemapindex'), 'sitemap').map((entry) => textOf(entry, 'loc'));
    expect(sitemaps).toEqual([`${PUBLIC_URL}/sitemaps/communities.xml`, `${PUBLIC_URL}/sitemaps/posts-1.xml`, `${PUBLIC_URL}/sitemaps/posts-2.xml`]);

    const pages = await Promise.all([1, 2].map((n) => get(`/sitemaps/posts-${n}.xml`, { headers: { 'accept-encoding': 'br' } })));
    // A page of ten thousand addresses travels compressed.
    expect(pages[0]!.headers.get('content-encoding')).toBe('br');
    const listed = pages.map((page) => sitemapUrls(page.body));
    expect(listed[0]).toHaveLength(10_000);
    expect(listed.flat().map((url) => url.loc)).toEqual(live.map(postUrl));
    for (const url of listed.flat().slice(0, 5)) expect(new Date(url.lastmod).toISOString()).toBe(url.lastmod);
    expect(listed.flat().map((url) => url.loc)).not.toContain(postUrl(held));

    for (const path of ['/sitemaps/posts-3.xml', '/sitemaps/posts-0.xml', '/sitemaps/posts-01.xml', '/sitemaps/posts-x.xml']) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it('start each page where the one before ended, over the newest posts only', async () => {
    const newest = await t.sql<{ id: string }[]>`
      select p.id from posts p join communities c on c.id = p.community_id
      where p.deleted_at is null and p.held_at is null and c.deleted_at is null
      order by p.id desc limit 7`;
    expect(await listSitemapPageStarts(t.sql, 3, 7)).toEqual([newest[0], newest[3], newest[6]].map((row) => row!.id));
    expect(await listSitemapPageStarts(t.sql, 3, 6)).toEqual([newest[0], newest[3]].map((row) => row!.id));
  });
});
