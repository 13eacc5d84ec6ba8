// Every route of the app, walked with input no client should send: each must answer a 4xx in the
// one error shape (or succeed), never a 5xx, and never repeat the value it was sent.
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as adminSchemas from '@quorum/shared/schemas/admin';
import * as commentSchemas from '@quorum/shared/schemas/comments';
import * as communitySchemas from '@quorum/shared/schemas/communities';
import * as listSchemas from '@quorum/shared/schemas/lists';
import * as muteSchemas from '@quorum/shared/schemas/mutes';
import * as notificationSchemas from '@quorum/shared/schemas/notifications';
import * as postSchemas from '@quorum/shared/schemas/posts';
import * as userSchemas from '@quorum/shared/schemas/users';
import { SHARE_TARGET_PATH } from '@quorum/shared/share-target';
import { Browser, buildTestApp, type TestApp, type TestResponse } from './helpers/app.ts';
import { makeAdmin, makeCommunity, makePost } from './helpers/factories.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
interface Route {
  method: Method;
  path: string;
}

/** The routes the app registered, read from the router's own listing. */
function listRoutes(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    const path = stack.join('').replace(/(:\w+)(\|:\w+)+/g, '$1');
    // A wildcard's place is not in the listing; it answers every path under its prefix alike.
    if (!path.startsWith('/')) continue;
    for (const method of (match[3] ?? '').split(', ')) {
      if (method === 'GET' || method === 'POST' || method === 'PUT' || method === 'DELETE' || method === 'PATCH') {
        routes.push({ method, path });
      }
    }
  }
  return routes;
}

/** Every field name the request schemas read (query schemas or the others), from the shared schemas themselves. */
function schemaFields(kind: 'query' | 'body'): string[] {
  const names = new Set<string>();
  const visit = (node: unknown, seen: Set<unknown>) => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const schema = node as { entries?: Record<string, unknown>; pipe?: unknown[]; wrapped?: unknown; item?: unknown; options?: unknown[] };
    for (const [name, entry] of Object.entries(schema.entries ?? {})) {
      names.add(name);
      visit(entry, seen);
    }
    for (const child of [...(schema.pipe ?? []), schema.wrapped, schema.item, ...(Array.isArray(schema.options) ? schema.options : [])]) {
      visit(child, seen);
    }
  };
  const modules = [adminSchemas, commentSchemas, communitySchemas, listSchemas, muteSchemas, postSchemas, userSchemas, notificationSchemas];
  for (const module of modules) {
    for (const [name, value] of Object.entries(module)) {
      const isQuery = name.endsWith('Query');
      if ((kind === 'query') === isQuery && v.isOfKind('schema', value as v.GenericSchema)) visit(value, new Set());
    }
  }
  return [...names].sort();
}

/** Marks every value sent, so that an answer repeating one is caught. */
const MARK = 'Qz9echo';
const MEGABYTE = MARK + 'x'.repeat(1_000_000 - MARK.length);
/** Longer than any limit of the spec and than a database index row. */
const LONG = MARK + 'x'.repeat(100_000);
const uuid = '00000000-0000-4000-8000-000000000000';
const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** `&sort=` the sort a cursor names, or nothing. */
function sortOf(next: string): string {
  try {
    const named: unknown = JSON.parse(Buffer.from(next, 'base64url').toString('utf8'));
    return Array.isArray(named) && typeof named[0] === 'string' ? `&sort=${named[0]}` : '';
  } catch {
    return '';
  }
}

/** Values of the wrong kind, each sent in every field at once. */
const BAD_VALUES: unknown[] = [
  `${MARK}\u0000`, `${MARK}\ud800`, `\udc00${MARK}`, 42, -1, 1e308, -1e308, 2 ** 64, 0.5, true, null, [MARK], { [MARK]: MARK }, '', ' ',
];


/** Query values: text of every wrong kind. */
const BAD_QUERY_VALUES: string[] = [
  `${MARK}%ED%A0%80`, `${MARK}${'x'.repeat(100_000)}`, '-1', '0', '1e400', '99999999999999999999999', '1.5', 'true', 'null',
  '%FF', `${MARK}!!`, uuid,
];
/** Cursors that are malformed, made for another sort, or out of their sort's range. */
const BAD_CURSORS: string[] = [
  cursor(['hot', -1, uuid]), cursor(['hot', 'x', uuid]), cursor(['activity', -5, uuid]), cursor(['activity', 1e300, uuid]),
  cursor(['activity', 1.5, uuid]), cursor(['new', '2024-02-30T00:00:00.000000Z', uuid]), cursor(['old', '0000-01-01T00:00:00.000000Z', uuid]),
  cursor(['new', 5, uuid]), cursor(['size', -3, uuid]), cursor(['comments', 'x', uuid]), cursor(['comments', -1, uuid]),
  cursor(['latest', 1, uuid]), cursor(['day', 1e300, uuid]), cursor(['all', -(2 ** 64), uuid]), cursor(['name_asc', `${MARK}\u0000`, uuid]),
  cursor(['name_dsc', 'x'.repeat(100), uuid]), cursor(['hot', 1, MARK]), cursor(null), cursor({}), cursor([]), `${MARK}@@`,
];

const BAD_PATH_VALUES = [`${MARK}%00`, `${MARK}%ED%A0%80`, `${MARK}%E0%A4%A`, `${MARK}${'x'.repeat(300)}`, '-1', '99999999999999999999', uuid];

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
let routes: Route[];
let queryFields: string[];
let bodyFields: string[];
/** Real values for path parameters by name, so that requests reach past the lookups. */
let real: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeAdmin(t, 1000);
  const community = await makeCommunity(admin.browser, { name: `walk${process.pid % 10000}`, about: '' });
  const post = await makePost(admin.browser, community.name, { title: 'A post to walk' });
  const comment = (await admin.browser.post(`/api/posts/${post.id}/comments`, { body: 'A comment' })).json<{ id: string }>();
  real = {
    username: admin.username, name: community.name, communityId: community.id, publicId: post.publicId, postId: post.id,
    commentId: comment.id, id: community.id, ruleId: '1', file: `${uuid}.jpeg`,
  };
  routes = listRoutes(t.app);
  queryFields = schemaFields('query');
  bodyFields = schemaFields('body');
});
afterAll(() => t.close());

/** Fills a route's parameters, with `bad` in the one named `only` (or in none). */
function fillPath(path: string, only?: string, bad?: string): string {
  return path.replace(/:(\w+)/g, (_param: string, name: string) => (name === only && bad !== undefined ? bad : (real[name] ?? uuid)));
}

function paramsOf(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
}

/** Logs the admin in again when a request (a logout, say) ended the session. */
async function session(): Promise<Browser> {
  const browser = await new Browser(t.app).open();
  const login = await browser.post('/api/_login', { username: admin.username, password: admin.password });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode}`);
  return browser;
}

/** The documents served outside the API for feed readers, crawlers and browsers. */
const isDocument = (path: string) => /^\/(feeds|sitemaps?|robots|opensearch)\b/.test(path);

function expectSafe(response: TestResponse, what: string) {
  expect(response.statusCode, what).toBeLessThan(500);
  if (response.statusCode >= 400) {
    expect(response.json(), what).toEqual({ status: response.statusCode, code: expect.any(String), message: expect.any(String) });
    expect(response.body.includes(MARK), `${what} repeats its input`).toBe(false);
  }
}

// Thousands of requests per test: slow on the embedded database, never timed.
describe('bad input on every route', { timeout: 600_000 }, () => {
  it('finds the routes and fields to walk', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/_login' });
    expect(bodyFields).toEqual(expect.arrayContaining(['username', 'password', 'body', 'title']));
    expect(queryFields).toEqual(expect.arrayContaining(['next', 'sort', 'action', 'limit']));
  });

  it('refuses a NUL character in every field of every route with 400', async () => {
    let browser = await session();
    for (const route of routes) {
      const path = fillPath(route.path);
      const sends = [
        ...queryFields.map((field) => ({ url: `${path}?${field}=${MARK}%00`, body: undefined, query: true })),
        ...(route.method === 'GET' ? [] : bodyFields.map((field) => ({ url: path, body: { [field]: `${MARK}\u0000` }, query: false }))),
        ...paramsOf(route.path).map((param) => ({ url: fillPath(route.path, param, `${MARK}%00`), body: undefined, query: false })),
      ];
      for (const { url, body, query } of sends) {
        const response = await browser.request(route.method, url, { body });
        expectSafe(response, `${route.method} ${url} ${JSON.stringify(body)}`);
        const what = `${route.method} ${url} ${JSON.stringify(body)}`;
        if (route.path === SHARE_TARGET_PATH) {
          // A share that reaches the server reads nothing it was sent: it only leads to New post.
          expect(response.statusCode, what).toBe(303);
          expect(response.headers.location, what).toBe('/new');
          continue;
        }
        if (isDocument(route.path) && query) {
          // Feeds, sitemaps, robots.txt and OpenSearch read no query: a field they do not read changes nothing.
          expect(response.statusCode, what).toBe(fillPath(route.path) === route.path ? 200 : 404);
          continue;
        }
        // Image files and documents answer a name they cannot hold with 404, like any other missing file.
        expect(response.statusCode, what).toBe(route.path.startsWith('/api/') ? 400 : 404);
      }
      if (route.path === '/api/_login') browser = await session();
    }
  });

  it('answers bad path parameters with a 4xx', async () => {
    let browser = await session();
    for (const route of routes) {
      for (const param of paramsOf(route.path)) {
        for (const bad of BAD_PATH_VALUES) {
          const url = fillPath(route.path, param, bad);
          expectSafe(await browser.request(route.method, url, { body: route.method === 'GET' ? undefined : {} }), `${route.method} ${url}`);
        }
      }
      if (route.path === '/api/_login') browser = await session();
    }
  });

  it('answers bad query values, duplicated parameters and three spellings of the prefix without a 5xx', async () => {
    let browser = await session();
    for (const route of routes) {
      const path = fillPath(route.path);
      const spellings = path.startsWith('/api/') ? [path.replace('/api/', '/API/'), path.replace('/api/', '//api/'), path.replace('/api/', '/%61pi/')] : [];
      for (const url of spellings) expectSafe(await browser.request(route.method, url), `${route.method} ${url}`);
      for (const bad of BAD_QUERY_VALUES) {
        const url = `${path}?${queryFields.map((field) => `${field}=${bad}`).join('&')}`;
        expectSafe(await browser.request(route.method, url), `${route.method} ${path} all fields ${bad.slice(0, 20)}`);
      }
      for (const field of queryFields) {
        const twice = `${field}=1&${field}=2`;
        expectSafe(await browser.request(route.method, `${path}?${twice}`), `${route.method} ${path}?${twice}`);
      }
      if (route.method === 'GET') {
        for (const next of BAD_CURSORS) {
          // Each cursor with the sort it names (a value out of that sort's range) and with none.
          for (const query of [`next=${next}${sortOf(next)}`, `next=${next}`]) {
            expectSafe(await browser.request(route.method, `${path}?${query}`), `${route.method} ${path}?${query}`);
          }
        }
      }
      if (route.path === '/api/_login') browser = await session();
    }
  });

  it('answers bodies of the wrong kind without a 5xx', async () => {
    let browser = await session();
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      const url = fillPath(route.path);
      for (const raw of ['[]', '"text"', '42', 'null', '{', `"${MARK}`, JSON.stringify(MEGABYTE), JSON.stringify({ body: MEGABYTE })]) {
        expectSafe(await browser.request(route.method, url, { rawBody: raw }), `${route.method} ${url} ${raw.slice(0, 20)}`);
      }
      for (const bad of BAD_VALUES) {
        const body = Object.fromEntries(bodyFields.map((field) => [field, bad]));
        expectSafe(await browser.request(route.method, url, { body }), `${route.method} ${url} all fields ${JSON.stringify(bad)}`);
      }
      // A long string in each field alone, so that no earlier field's refusal hides a later one.
      for (const field of bodyFields) {
        expectSafe(await browser.request(route.method, url, { body: { [field]: LONG } }), `${route.method} ${url} ${field}`);
      }
      if (route.path === '/api/_login') browser = await session();
    }
  });
});
