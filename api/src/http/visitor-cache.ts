// What a visitor (not logged in) reads — feed pages, posts with their threads, reply pages — is the
// same for every visitor: each answer is computed once per short interval and shared, and visitors
// asking while it is being computed wait for that one computation instead of starting their own.
// A member's feed page or post page may start from the shared one, and the first page of their
// home feed from the kept posts of each community they joined (content/member-view.ts); a member's
// answer is never kept here.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { countVisitorCacheLookup } from '../metrics/metrics.ts';
import { routeSerializer } from './answer-schema.ts';

export interface CachedAnswer<T = unknown> {
  /** The answer as computed: shared, so never to be changed. */
  value: T;
  /** The answer, serialised once. */
  json: string;
  /** A strong validator of `json`, quoted as the ETag header wants it. */
  etag: string;
}

/**
 * More distinct answers than this (cursors deep in a feed, say), or answers beyond this many bytes
 * in all (a crawler reading many long threads at once), are computed but not kept.
 */
const MAX_ENTRIES = 10_000;
const MAX_BYTES = 32 * 1024 * 1024;

export interface VisitorCache {
  /**
   * The answer kept under `key`, or the one `compute` makes, serialised by `serialize`: the
   * schema's serializer of an answer, or JSON.stringify for a value kept only to make answers from
   * (the text then measures it).
   */
  get<T>(key: string, compute: () => Promise<T>, serialize: (value: T) => string): Promise<CachedAnswer<T>>;
  /** Whether a fresh answer (or one being computed) is kept under `key`. */
  has(key: string): boolean;
  /** What browsers and shared caches are told: keep the answer as long as the server does. */
  readonly cacheControl: string;
  /** How long an answer is kept: how old a shared answer may be. */
  readonly ttlMs: number;
}

function cachedAnswer<T>(value: T, serialize: (value: T) => string): CachedAnswer<T> {
  const json = serialize(value);
  return { value, json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
}

/** A cache keeping each answer `ttlMs`; 0 turns keeping off (every request computes its own). */
export function createVisitorCache(ttlMs: number, maxBytes = MAX_BYTES): VisitorCache {
  const entries = new Map<string, { expires: number; answer: Promise<CachedAnswer<unknown>>; bytes: number }>();
  let bytes = 0;

  const forget = (key: string) => {
    bytes -= entries.get(key)?.bytes ?? 0;
    entries.delete(key);
  };
  const prune = (now: number) => {
    for (const [key, entry] of entries) if (entry.expires <= now) forget(key);
  };

  return {
    cacheControl: ttlMs > 0 ? `public, max-age=${Math.ceil(ttlMs / 1000)}` : 'no-cache',
    ttlMs: Math.max(ttlMs, 0),
    has(key: string) {
      const hit = entries.get(key);
      return hit !== undefined && hit.expires > Date.now();
    },
    get<T>(key: string, compute: () => Promise<T>, serialize: (value: T) => string) {
      const made = () => compute().then((value) => cachedAnswer(value, serialize));
      if (ttlMs <= 0) return made();
      const now = Date.now();
      const hit = entries.get(key);
      const fresh = hit !== undefined && hit.expires > now;
      countVisitorCacheLookup(fresh);
      // A key names one kind of answer, so what is kept under it is of the type asked for.
      if (fresh) return hit.answer as Promise<CachedAnswer<T>>;
      const answer = made();
      // The expired answer this one replaces gives its bytes back.
      if (hit) forget(key);
      if (entries.size >= MAX_ENTRIES) prune(now);
      if (entries.size < MAX_ENTRIES) {
        const entry = { expires: now + ttlMs, answer, bytes: 0 };
        entries.set(key, entry);
        answer.then(
          ({ json }) => {
            if (entries.get(key) !== entry) return;
            // The value takes about as much room as its JSON.
            entry.bytes = 2 * json.length;
            bytes += entry.bytes;
            if (bytes > maxBytes) prune(Date.now());
            if (bytes > maxBytes) forget(key);
          },
          // A failure is answered to those waiting for it, and never kept.
          () => {
            if (entries.get(key) === entry) forget(key);
          },
        );
      }
      return answer;
    },
  };
}

/**
 * Sends a visitor the shared answer kept under `key` (computing it when none is fresh), with its
 * validator; a visitor already holding it gets 304 without a body.
 */
export async function sendToVisitor(
  cache: VisitorCache,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  compute: () => Promise<unknown>,
): Promise<FastifyReply> {
  const answer = await cache.get(key, compute, routeSerializer(reply));
  reply.header('cache-control', cache.cacheControl).header('vary', 'Cookie').header('etag', answer.etag);
  if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.json);
}

/**
 * The answer as visitors see it, kept under `key` as `sendToVisitor` keeps it, for a member's page
 * to start from: read (or computed) when first called, and the same answer on every later call.
 */
export function visitorsAnswer<T>(cache: VisitorCache, reply: FastifyReply, key: string, compute: () => Promise<T>): () => Promise<CachedAnswer<T>> {
  let answer: Promise<CachedAnswer<T>> | undefined;
  return () => (answer ??= cache.get(key, compute, routeSerializer(reply)));
}

/**
 * The values kept for each of `ids` (under `keyOf(id)`, at most `cache.ttlMs` old), in order: those
 * not kept are read together, in one call of `readMissing`, which answers what it found by id (an
 * id it leaves out gets `absent`). The cache calls each computation as `get` is called, so every
 * missing id is known before the read starts.
 */
export async function keptEach<T>(
  cache: VisitorCache,
  ids: readonly string[],
  keyOf: (id: string) => string,
  readMissing: (ids: string[]) => Promise<Map<string, T>>,
  absent: T,
): Promise<T[]> {
  const missing: string[] = [];
  const read = Promise.resolve().then(() => (missing.length > 0 ? readMissing(missing) : new Map<string, T>()));
  const answers = await Promise.all(ids.map((id) => cache.get(keyOf(id), () => {
    missing.push(id);
    return read.then((found) => found.get(id) ?? absent);
  }, JSON.stringify)));
  return answers.map((answer) => answer.value);
}

/** The directives of an answer's Cache-Control when it also hands out a cookie that shared caches could keep. */
function sharedWithCookie(reply: FastifyReply): string[] | null {
  const cacheControl = reply.getHeader('cache-control');
  if (typeof cacheControl !== 'string' || !reply.hasHeader('set-cookie')) return null;
  const directives = cacheControl.split(',').map((directive) => directive.trim().toLowerCase());
  return directives.includes('private') || directives.includes('no-store') ? null : directives;
}

/**
 * Makes an API answer that hands out a cookie private to the browser it goes to: a shared cache
 * keeping it would give that cookie (a session id) to every visitor it serves the answer to.
 */
export function keepCookiesPrivate(reply: FastifyReply): void {
  const directives = sharedWithCookie(reply);
  if (directives) reply.header('cache-control', ['private', ...directives.filter((directive) => directive !== 'public')].join(', '));
}

/**
 * Sends a file that shared caches may keep (a hashed asset, an image) without the cookies every
 * answer hands out: the pages and the API hand them out, and the file stays cacheable.
 */
export function dropCookiesFromSharedFile(reply: FastifyReply): void {
  if (sharedWithCookie(reply)) reply.removeHeader('set-cookie');
}
