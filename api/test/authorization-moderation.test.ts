// Who may make each moderation call: every call against every role of the cast, each cell on
// targets made for it alone, so that no cell depends on another.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Comment } from '@quorum/shared/entities/comments';
import type { Rule } from '@quorum/shared/entities/communities';
import type { Post } from '@quorum/shared/entities/posts';
import type { Report } from '@quorum/shared/entities/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestResponse } from './helpers/app.ts';
import { makeComment, makePost, makeUser, type SignedUp } from './helpers/factories.ts';
import { ADMIN_ONLY, makeCast, ROLES, type Actor, type Cast, type Role } from './helpers/roles.ts';

let t: TestApp;
let dataDir: string;
let cast: Cast;
/** Writes the posts, comments and reports that cells act on. */
let writer: SignedUp;
let reporter: SignedUp;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'quorum-authz-'));
  t = await buildTestApp({ dataDir });
  cast = await makeCast(t);
  [writer, reporter] = [await makeUser(t), await makeUser(t)];
  await writer.browser.post('/api/_joinCommunity', { communityId: cast.community.id });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Table = Record<Role, number>;

const EVERYONE: Table = { visitor: 200, member: 200, bannedMember: 200, otherMod: 200, juniorMod: 200, seniorMod: 200, admin: 200 };
/** The community's mods (senior or junior) and admins; visitors are asked to log in. */
const modsOnly = (ok = 200): Table => ({ visitor: 401, member: 403, bannedMember: 403, otherMod: 403, juniorMod: ok, seniorMod: ok, admin: ok });
/** Acting as mods: the community's mods only (admins act as admins). */
const AS_MODS: Table = { ...modsOnly(), admin: 403 };

const base = () => `/api/communities/${cast.community.id}`;

const freshPost = () => makePost(writer.browser, cast.community.name, { title: 'A post to act on', body: 'Text' });

async function freshComment(): Promise<{ post: Post; comment: Comment }> {
  const post = await freshPost();
  return { post, comment: await makeComment(writer.browser, post, 'A comment to act on') };
}

/** A post (or a comment on it) waiting for approval, as if watched words had held it. */
async function freshHeld(comment = false): Promise<{ post: Post; comment: Comment | null }> {
  if (!comment) {
    const post = await freshPost();
    await t.sql`update posts set held_at = now(), held_reason = 'Held' where id = ${post.id}`;
    return { post, comment: null };
  }
  const made = await freshComment();
  await t.sql`update comments set held_at = now(), held_reason = 'Held' where id = ${made.comment.id}`;
  return made;
}

/** A new user made a mod of the cast's community, the most junior one. */
async function freshMod(): Promise<SignedUp> {
  const mod = await makeUser(t);
  expect((await cast.actors.seniorMod.browser.post(`${base()}/mods`, { username: mod.username })).statusCode).toBe(200);
  return mod;
}

/** A new rule: the last of the community's rules that adding one answers. */
async function freshRule(): Promise<Rule> {
  const response = await cast.actors.seniorMod.browser.post(`${base()}/rules`, { rule: 'Be nice' });
  expect(response.statusCode).toBe(201);
  return response.json<Rule[]>().at(-1)!;
}

async function png(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 200, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();
}

function uploadImage(actor: Actor, path: string, data: Buffer): Promise<TestResponse> {
  const boundary = `----quorum${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="picture.png"\r\nContent-Type: image/png\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return actor.browser.request('POST', path, { rawBody: payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
}

interface Call {
  name: string;
  expected: Table;
  /** Makes what the call acts on, then makes it as `actor`. */
  run: (actor: Actor) => Promise<TestResponse>;
}

const CALLS: Call[] = [
  // Moderation logs: public
  { name: 'GET modlog', expected: EVERYONE, run: (a) => a.browser.get(`${base()}/modlog`) },
  { name: 'GET /api/modlog', expected: EVERYONE, run: (a) => a.browser.get('/api/modlog') },
  // Mods
  { name: 'GET mods', expected: EVERYONE, run: (a) => a.browser.get(`${base()}/mods`) },
  {
    name: 'POST mods',
    expected: modsOnly(),
    run: async (a) => a.browser.post(`${base()}/mods`, { username: (await makeUser(t)).username }),
  },
  {
    name: 'DELETE mods/{junior}',
    expected: modsOnly(),
    run: async (a) => a.browser.request('DELETE', `${base()}/mods/${(await freshMod()).username}`),
  },
  {
    name: 'PUT mods/{junior}',
    expected: modsOnly(),
    run: async (a) => a.browser.request('PUT', `${base()}/mods/${(await freshMod()).username}`, { body: { position: 2 } }),
  },
  // Bans
  { name: 'GET banned', expected: modsOnly(), run: (a) => a.browser.get(`${base()}/banned`) },
  {
    name: 'POST banned',
    expected: modsOnly(),
    run: async (a) => a.browser.post(`${base()}/banned`, { username: (await makeUser(t)).username }),
  },
  {
    name: 'DELETE banned',
    expected: modsOnly(),
    run: async (a) => {
      const target = await makeUser(t);
      expect((await cast.actors.seniorMod.browser.post(`${base()}/banned`, { username: target.username })).statusCode).toBe(200);
      return a.browser.request('DELETE', `${base()}/banned`, { body: { username: target.username } });
    },
  },
  // Reports and modtools lists
  { name: 'GET reports', expected: modsOnly(), run: (a) => a.browser.get(`${base()}/reports`) },
  {
    name: 'DELETE reports/{id}',
    expected: modsOnly(),
    run: async (a) => {
      const reported = await reporter.browser.post('/api/_report', { type: 'post', targetId: (await freshPost()).id, reason: 2 });
      expect(reported.statusCode).toBe(201);
      return a.browser.request('DELETE', `${base()}/reports/${reported.json<Report>().id}`);
    },
  },
  { name: 'GET removed posts', expected: modsOnly(), run: (a) => a.browser.get(`/api/posts?communityId=${cast.community.id}&filter=deleted`) },
  { name: 'GET locked posts', expected: modsOnly(), run: (a) => a.browser.get(`/api/posts?communityId=${cast.community.id}&filter=locked`) },
  // Community settings, rules, icon and banner
  { name: 'PUT community', expected: modsOnly(), run: (a) => a.browser.request('PUT', base(), { body: { about: 'Changed.' } }) },
  { name: 'GET rules', expected: EVERYONE, run: (a) => a.browser.get(`${base()}/rules`) },
  { name: 'POST rules', expected: modsOnly(201), run: (a) => a.browser.post(`${base()}/rules`, { rule: 'No spam' }) },
  {
    name: 'PUT rules/{id}',
    expected: modsOnly(),
    run: async (a) => a.browser.request('PUT', `${base()}/rules/${(await freshRule()).id}`, { body: { rule: 'Be kind' } }),
  },
  {
    name: 'DELETE rules/{id}',
    expected: modsOnly(204),
    run: async (a) => a.browser.request('DELETE', `${base()}/rules/${(await freshRule()).id}`),
  },
  ...(['pro_pic', 'banner_image'] as const).flatMap((slot): Call[] => [
    { name: `POST ${slot}`, expected: modsOnly(), run: async (a) => uploadImage(a, `${base()}/${slot}`, await png()) },
    { name: `DELETE ${slot}`, expected: modsOnly(), run: (a) => a.browser.request('DELETE', `${base()}/${slot}`) },
  ]),
  // Watched words, new-member limits and the approval queue
  { name: 'GET automod', expected: modsOnly(), run: (a) => a.browser.get(`${base()}/automod`) },
  {
    name: 'PUT automod',
    expected: modsOnly(),
    run: (a) => a.browser.request('PUT', `${base()}/automod`, { body: { words: [], newMembers: { minAgeDays: 0, minPoints: 0, comments: false } } }),
  },
  { name: 'GET held', expected: modsOnly(), run: (a) => a.browser.get(`${base()}/held`) },
  ...(['approve', 'remove'] as const).flatMap((action): Call[] => [
    {
      name: `POST held/{post} ${action}`,
      expected: modsOnly(204),
      run: async (a) => a.browser.post(`${base()}/held/${(await freshHeld()).post.id}`, { action }),
    },
    {
      name: `POST held/{comment} ${action}`,
      expected: modsOnly(204),
      run: async (a) => a.browser.post(`${base()}/held/${(await freshHeld(true)).comment!.id}`, { action }),
    },
  ]),
  // Posts and comments
  {
    name: 'PUT post lock',
    expected: modsOnly(),
    run: async (a) => a.browser.request('PUT', `/api/posts/${(await freshPost()).publicId}?action=lock`),
  },
  {
    name: 'PUT post unlock',
    expected: modsOnly(),
    run: async (a) => {
      const post = await freshPost();
      expect((await cast.actors.seniorMod.browser.request('PUT', `/api/posts/${post.publicId}?action=lock`)).statusCode).toBe(200);
      return a.browser.request('PUT', `/api/posts/${post.publicId}?action=unlock`);
    },
  },
  {
    name: 'PUT post pin',
    expected: modsOnly(),
    run: async (a) => {
      await t.sql`update posts set pinned_at = null where community_id = ${cast.community.id}`;
      return a.browser.request('PUT', `/api/posts/${(await freshPost()).publicId}?action=pin`);
    },
  },
  {
    name: 'PUT post unpin',
    expected: modsOnly(),
    run: async (a) => {
      await t.sql`update posts set pinned_at = null where community_id = ${cast.community.id}`;
      const post = await freshPost();
      expect((await cast.actors.seniorMod.browser.request('PUT', `/api/posts/${post.publicId}?action=pin`)).statusCode).toBe(200);
      return a.browser.request('PUT', `/api/posts/${post.publicId}?action=unpin`);
    },
  },
  {
    name: 'PUT post pin site-wide',
    expected: ADMIN_ONLY,
    run: async (a) => {
      await t.sql`update posts set pinned_site_at = null`;
      return a.browser.request('PUT', `/api/posts/${(await freshPost()).publicId}?action=pin&siteWide=true`);
    },
  },
  {
    name: 'DELETE post as mods',
    expected: AS_MODS,
    run: async (a) => a.browser.request('DELETE', `/api/posts/${(await freshPost()).publicId}?deleteAs=mods`),
  },
  {
    name: 'DELETE post as admins',
    expected: ADMIN_ONLY,
    run: async (a) => a.browser.request('DELETE', `/api/posts/${(await freshPost()).publicId}?deleteAs=admins`),
  },
  {
    name: 'DELETE comment as mods',
    expected: AS_MODS,
    run: async (a) => {
      const { post, comment } = await freshComment();
      return a.browser.request('DELETE', `/api/posts/${post.publicId}/comments/${comment.id}?deleteAs=mods`);
    },
  },
  {
    name: 'DELETE comment as admins',
    expected: ADMIN_ONLY,
    run: async (a) => {
      const { post, comment } = await freshComment();
      return a.browser.request('DELETE', `/api/posts/${post.publicId}/comments/${comment.id}?deleteAs=admins`);
    },
  },
];

describe('moderation calls × roles', () => {
  it.each(CALLS.map((call) => [call.name, call] as const))('%s', async (_name, call) => {
    const actual = {} as Table;
    for (const role of ROLES) {
      const response = await call.run(cast.actors[role]);
      actual[role] = response.statusCode;
    }
    expect(actual).toEqual(call.expected);
  });
});
