// Writes a client may queue while offline and send again honour an `Idempotency-Key` header: the
// same key from the same user applies once, and every later request with it gets the first answer
// (status and body). Only a success is kept: a refusal (4xx, a 409 conflict included) changed
// nothing and a 5xx may not have run, so the key is freed and a retry, once the client or the
// state has fixed the cause, runs the write again. While the first request is still running, a
// second one is answered 409 (the client retries).
// A route takes part with `config: { idempotent: true }`, or `'unflushed'` when its write is
// acknowledged before its flush (votes, votes/cast.ts): its key's claim and answer are then
// acknowledged so too, and add no wait for the disk. That forgets nothing a retry needs: the log
// is flushed in order, so a crash that forgets the claim forgets the write made after it, and one
// that forgets the answer comes after the client had it (a client retries only what it never got).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_PATTERN } from '@quorum/shared/constants';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { IDEMPOTENCY_KEY_HEADER } from '@quorum/shared/http-names';
import type { Sql } from '../db/connect.ts';
import { badRequest, conflict, HttpError } from '../http/errors.ts';
import { claimKey, getStoredAnswer, releaseKey, storeAnswer, type KeyDurability } from './queries.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route honours the Idempotency-Key header ('unflushed': see above). */
    idempotent?: boolean | 'unflushed';
  }
}

/** Seconds a client waits before retrying a key still in flight. */
const IN_FLIGHT_RETRY_SECONDS = 1;

interface Claim {
  userId: string;
  key: string;
  durability: KeyDurability;
}

/** The requests that run as the first use of their key, until their answer is stored. */
const claims = new WeakMap<FastifyRequest, Claim>();

/** The route and everything the client sent that decides what the write does. */
function fingerprint(request: FastifyRequest): string {
  const parts = [request.method, request.routeOptions.url, request.params, request.query, request.body ?? null];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

function readKey(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw badRequest(Messages.invalidIdempotencyKey, ErrorCode.invalidIdempotencyKey);
  }
  return value;
}

async function replayOrRun(sql: Sql, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (!request.routeOptions.config.idempotent) return undefined;
  const key = readKey(request);
  // Visitors are refused by the route itself; without a user there is nobody to keep a key for.
  if (key === undefined || !request.user) return undefined;
  const userId = request.user.id;
  const print = fingerprint(request);
  const durability = request.routeOptions.config.idempotent === 'unflushed' ? 'unflushed' : 'flushed';
  if (await claimKey(sql, userId, key, print, durability)) {
    claims.set(request, { userId, key, durability });
    return undefined;
  }
  const stored = await getStoredAnswer(sql, userId, key);
  if (!stored) {
    // Released by a refused or failed first request between the two statements: run as the first use.
    return replayOrRun(sql, request, reply);
  }
  if (stored.fingerprint !== print) {
    throw new HttpError(422, ErrorCode.idempotencyKeyReused, Messages.idempotencyKeyReused);
  }
  if (stored.status === null) {
    reply.header('Retry-After', String(IN_FLIGHT_RETRY_SECONDS));
    throw conflict(ErrorCode.idempotencyKeyInFlight, Messages.idempotencyKeyInFlight);
  }
  reply.code(stored.status).header('Idempotent-Replayed', 'true');
  if (stored.contentType) reply.header('Content-Type', stored.contentType);
  return reply.send(stored.body ?? undefined);
}

/** Adds the hooks that replay keyed writes to the API's plugin. */
export function honourIdempotencyKeys(app: FastifyInstance, sql: Sql): void {
  app.addHook('preHandler', async (request, reply) => replayOrRun(sql, request, reply));

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    const keepable = reply.statusCode < 300 && (payload === null || typeof payload === 'string' || Buffer.isBuffer(payload));
    if (!keepable) {
      await releaseKey(sql, claim.userId, claim.key);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    await storeAnswer(sql, claim.userId, claim.key, {
      status: reply.statusCode,
      body: payload === null ? null : payload.toString(),
      contentType: typeof contentType === 'string' ? contentType : null,
    }, claim.durability);
    return payload;
  });

  // A request that ended without an answer (the client went away) frees its key.
  app.addHook('onResponse', async (request) => {
    const claim = claims.get(request);
    if (!claim) return;
    claims.delete(request);
    await releaseKey(sql, claim.userId, claim.key);
  });
}
