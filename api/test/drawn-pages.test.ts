// Public pages drawn on the server for visitors, from the web app's own server build (npm test
// builds it before the API tests run).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_BATCH_DESKTOP } from '@quorum/shared/constants';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { del, makeComment, makeCommunity, makePost, makeUser, type SignedUp } from './helpers/factories.ts';

const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
const SERVER_BUILD = fileURLToPath(new URL('../../web/dist-ssr/entry-server.js', import.meta.url));

let t: TestApp;
let base: string;
let author: SignedUp;
let community: { name: string };
let post: { publicId: string; title: string };

interface Drawn {
  status: number;
  html: string;
  /** The markup inside the root element. */
  root: string;
  /** The cookies it hands out (name=value). */
  cookies: string[];
  /** Its Content-Security-Policy. */
  policy: string;
  /** What the app takes the page over with; null when the page carries none. */
  state: { queries: { queries: Array<{ queryKey: unknown[] }> } } | null;
}

function drawn(status: number, html: string, cookies: string[], policy: string): Drawn {
  const start = html.indexOf('<div id="root">');
  const stateAt = html.indexOf('<script type="application/json" id="server-state">');
  const rootEnd = stateAt >= 0 ? stateAt : html.indexOf('<script', start);
  const stateText = stateAt >= 0 ? html.slice(html.indexOf('>', stateAt) + 1, html.indexOf('</script>', stateAt)) : null;
  return { status, html, cookies, policy, root: html.slice(start, rootEnd), state: stateText === null ? null : JSON.parse(stateText) };
}

async function visit(path: string, headers: Record<string, string> = {}): Promise<Drawn> {
  const response = await fetch(`${base}${path}`, { headers: { accept: 'text/html', ...headers } });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
  return drawn(response.status, await response.text(), cookies, response.headers.get('content-security-policy') ?? '');
}

beforeAll(async () => {
  if (!existsSync(SERVER_BUILD)) throw new Error('The web app is not built: run `npm test`, which builds it, or build web/ first.');
  t = await buildTestApp({ webDist: WEB_DIST });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  author = await makeUser(t);
  community = await makeCommunity(author.browser, { about: 'Tomatoes, from seed to sauce.' });
  post = await makePost(author.browser, community.name, { title: 'Which tomatoes <ripen> first & "why"? </script><script>alert(1)</script>', body: 'Mine keep **splitting**.' });
  await makeComment(author.browser, post, 'Early Girl, every single year.');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('pages drawn for visitors', () => {
  it('a post page holds its title, body, comments and a link to its community, and what the app takes it over with', async () => {
    const page = await visit(`/${community.name}/post/${post.publicId}`);
    expect(page.status).toBe(200);
    expect(page.root).toContain('Which tomatoes &lt;ripen&gt; first &amp; &quot;why&quot;? &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.root).toContain('<strong>splitting</strong>');
    expect(page.root).toContain('Early Girl, every single year.');
    expect(page.root).toContain(`href="/${community.name}"`);
    expect(page.state?.queries.queries.map((query) => query.queryKey[0])).toEqual(expect.arrayContaining(['posts', 'session', 'comments']));
    // The title in the state cannot end its script element early.
    const stateElement = page.html.slice(page.html.indexOf('id="server-state"'));
    expect(stateElement.indexOf('</script>')).toBeGreaterThan(stateElement.indexOf('alert(1)'));
    // It reads without script: no notice asking for one.
    expect(page.html).not.toContain('<noscript>Quorum needs JavaScript');
    // It hands out the visitor's session and anti-forgery token: the app's first call may be a write.
    expect(page.cookies).toEqual(expect.arrayContaining([expect.stringMatching(/^csrftoken=/), expect.stringMatching(/^sid=/)]));
  });

  it('the feeds, the community, the profile and the static pages are drawn with their content', async () => {
    const pages: Array<[string, string]> = [
      ['/all?sort=latest', 'Mine keep'],
      [`/${community.name}`, 'Tomatoes, from seed to sauce.'],
      [`/@${author.username}`, 'Which tomatoes'],
      ['/communities', community.name],
      ['/about', 'About'],
      ['/guidelines', 'guidelines'],
    ];
    for (const [path, text] of pages) {
      const page = await visit(path);
      expect(page.status, path).toBe(200);
      expect(page.root, path).toContain(text);
      expect(page.state, path).not.toBeNull();
      // The app's styles come in the page, ahead of its script, so that it shows styled without
      // another request; its policy allows them.
      const head = page.html.slice(0, page.html.indexOf('</head>'));
      expect(head, path).not.toContain('rel="stylesheet"');
      const styles = [...head.matchAll(/<style>([\s\S]*?)<\/style>/g)].find((match) => match[1]?.includes('.post-card'));
      expect(styles?.index, path).toBeLessThan(head.indexOf('<script type="module"'));
      expect(page.policy, path).toContain(`'sha256-${createHash('sha256').update(styles?.[1] ?? '').digest('base64')}'`);
    }
  });

  it('a long thread is drawn in place, with no inline script the page\'s policy refuses', async () => {
    // Past 12,800 bytes React moves the rest of a page behind inline scripts of its own.
    const thread = await makePost(author.browser, community.name, { title: 'Staking or caging?' });
    const bodies = Array.from({ length: 24 }, (_, index) => `Reply ${index}: ${'Cages hold the vines upright without any tying. '.repeat(14)}`);
    for (const body of bodies) await makeComment(author.browser, thread, body);
    const page = await visit(`/${community.name}/post/${thread.publicId}`);
    expect(page.status).toBe(200);
    // A wide screen's first batch of the thread, every comment in full.
    expect(page.root.match(/Reply \d+: Cages hold/g)).toHaveLength(COMMENT_BATCH_DESKTOP);
    expect(page.root).not.toMatch(/<div hidden id="S:/);
    const inline = [...page.html.matchAll(/<script(?![^>]*\b(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(inline.length).toBeGreaterThan(0);
    for (const script of inline) expect(page.policy).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  });

  it('a missing post, community or user answers 404 with the not-found page, which the app draws anew', async () => {
    for (const path of ['/nowhere_here/post/NoSuchPost', '/nowhere_here', '/@nobody_by_that_name']) {
      const page = await visit(path);
      expect(page.status, path).toBe(404);
      expect(page.root, path).toContain('404: Not found!');
      expect(page.state, path).toBeNull();
    }
  });

  it('a deleted post leaves the drawn pages, and its author\'s page shows no member\'s view', async () => {
    const gone = await makePost(author.browser, community.name, { title: 'Blight on the lower leaves' });
    expect((await visit(`/${community.name}`)).root).toContain('Blight on the lower leaves');
    expect((await del(author.browser, `/api/posts/${gone.publicId}`)).statusCode).toBe(200);
    const page = await visit(`/${community.name}`);
    expect(page.root).not.toContain('Blight on the lower leaves');
    // A visitor's page: the login and sign-up buttons, never a member's menu.
    expect(page.root).toContain('Create account');
  });

  it('a member gets the app without a drawn page, which then shows their own view', async () => {
    const response = await author.browser.get(`/${community.name}/post/${post.publicId}`, { headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('server-state');
  });

  it('with the visitor micro-cache, a page is drawn once while it is kept and sent to each visitor as they ask for it', async () => {
    const cached = await buildTestApp({ webDist: WEB_DIST, visitorCacheMs: 60_000 });
    try {
      const writer = await makeUser(cached);
      const place = await makeCommunity(writer.browser, { about: 'Kept for a minute.' });
      await makePost(writer.browser, place.name, { title: 'Drawn before the second post' });
      const read = async (encoding: string) => {
        const answer = await cached.app.inject({ url: `/${place.name}`, headers: { accept: 'text/html', 'accept-encoding': encoding } });
        expect(answer.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
        return answer.rawPayload;
      };
      const first = await read('br');
      await makePost(writer.browser, place.name, { title: 'Written while the page is kept' });
      const second = await read('br');
      expect(second.equals(first)).toBe(true);
      const text = brotliDecompressSync(second).toString('utf8');
      expect(text).toContain('Drawn before the second post');
      expect(text).not.toContain('Written while the page is kept');
      expect(gunzipSync(await read('gzip')).toString('utf8')).toBe(text);
      expect((await read('identity')).toString('utf8')).toBe(text);
    } finally {
      await cached.close();
    }
  });

  it('forms and members\' screens are left to the app', async () => {
    for (const path of ['/login', '/settings', '/new', '/notifications']) {
      const page = await visit(path);
      expect(page.html, path).toContain('<div id="root"></div>');
    }
  });
});
