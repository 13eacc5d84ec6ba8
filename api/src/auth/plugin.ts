// Sessions and anti-forgery tokens. Every visitor carries a random session id in an httpOnly
// cookie; logged-in sessions also have a row (keyed by the id's SHA-256) in `sessions`. The
// anti-forgery token is an HMAC of the session id: it is sent in the `Csrf-Token` header of every
// response (and a readable `csrftoken` cookie), and every state-changing API call must send it
// back in `X-Csrf-Token`.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { CSRF_COOKIE, CSRF_REQUEST_HEADER, CSRF_RESPONSE_HEADER } from '@quorum/shared/http-names';
import type { Sql } from '../db/connect.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import {
  deleteSession, getSessionUser, insertSession, SESSION_MAX_AGE_DAYS, touchSession, type SessionUser,
} from './session-queries.ts';

/**
 * The session cookie's name. On https it carries the `__Host-` prefix, with which browsers accept
 * it only when Secure, for Path=/ and without a Domain, so no sibling subdomain can plant one.
 */
export const sessionCookieName = (secure: boolean) => (secure ? '__Host-sid' : 'sid');

const SID_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOUCH_EVERY_MS = 5 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The API's `onRequest` hook: refuses a state-changing call without the anti-forgery token
     * and loads the logged-in user. Added inside the API's plugin, so that it runs for every
     * request the router matched to an API route, however the address was spelled.
     */
    authenticate(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    /** The logged-in user, or null for visitors. */
    user: SessionUser | null;
    sessionId: string;
  }
  interface FastifyReply {
    /** Logs `userId` in on a fresh session id (the old one is dropped). */
    startSession(userId: string): Promise<void>;
    /** Logs out: drops the session and hands out a fresh anonymous id. */
    endSession(): Promise<void>;
  }
}

export interface AuthOptions {
  sql: Sql;
  secret: string;
  secureCookies: boolean;
}

export const hashSessionId = (sid: string) => createHash('sha256').update(sid).digest('hex');
const newSessionId = () => randomBytes(32).toString('base64url');

/** The session of a session id with its user, or null when logged out, deleted or banned. */
async function liveSession(sql: Sql, sessionId: string) {
  const row = await getSessionUser(sql, hashSessionId(sessionId));
  return row && !row.deletedAt && !row.bannedAt ? row : null;
}

/**
 * The logged-in user of a request outside the API (where sessions are not read on every request,
 * image files for one), looked up only when an answer depends on it.
 */
export async function sessionUser(sql: Sql, request: FastifyRequest): Promise<SessionUser | null> {
  if (request.user) return request.user;
  const row = await liveSession(sql, request.sessionId);
  return row && { id: row.id, username: row.username, isAdmin: row.isAdmin };
}

/** The logged-in user, or a 401 for visitors. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The logged-in admin: a 401 for visitors, a 403 for everybody else. */
export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!user.isAdmin) throw forbidden();
  return user;
}

export default fp<AuthOptions>(
  async (app, { sql, secret, secureCookies }) => {
    const csrfToken = (sid: string) => createHmac('sha256', secret).update(sid).digest('base64url');
    const cookieOptions = { path: '/', sameSite: 'lax' as const, secure: secureCookies, maxAge: SESSION_MAX_AGE_DAYS * 86400 };
    const sessionCookie = sessionCookieName(secureCookies);

    function useSessionId(request: FastifyRequest, reply: FastifyReply, sid: string, isNew: boolean) {
      request.sessionId = sid;
      const token = csrfToken(sid);
      reply.header(CSRF_RESPONSE_HEADER, token);
      if (isNew) {
        reply.setCookie(sessionCookie, sid, { ...cookieOptions, httpOnly: true });
      }
      if (isNew || request.cookies[CSRF_COOKIE] !== token) {
        reply.setCookie(CSRF_COOKIE, token, { ...cookieOptions, httpOnly: false });
      }
    }

    function hasValidToken(request: FastifyRequest): boolean {
      const given = request.headers[CSRF_REQUEST_HEADER];
      if (typeof given !== 'string' || given === '') return false;
      const expected = Buffer.from(csrfToken(request.sessionId));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    }

    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', '');

    app.decorateReply('startSession', async function (this: FastifyReply, userId: string) {
      await deleteSession(sql, hashSessionId(this.request.sessionId));
      const sid = newSessionId();
      await insertSession(sql, {
        id: hashSessionId(sid),
        userId,
        ip: this.request.ip,
        userAgent: this.request.headers['user-agent']?.slice(0, 512) ?? null,
      });
      useSessionId(this.request, this, sid, true);
    });

    app.decorateReply('endSession', async function (this: FastifyReply) {
      await deleteSession(sql, hashSessionId(this.request.sessionId));
      this.request.user = null;
      useSessionId(this.request, this, newSessionId(), true);
    });

    // Every answer, pages included, hands out the session id, so that the web app's first calls
    // (sent in parallel) all carry the same one.
    app.addHook('onRequest', async (request, reply) => {
      const cookie = request.cookies[sessionCookie];
      const known = cookie !== undefined && SID_PATTERN.test(cookie);
      useSessionId(request, reply, known ? cookie : newSessionId(), !known);
    });

    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (!SAFE_METHODS.has(request.method) && !hasValidToken(request)) {
        throw forbidden(Messages.csrf, ErrorCode.csrf);
      }
      if (request.cookies[sessionCookie] !== request.sessionId) return;

      const row = await liveSession(sql, request.sessionId);
      if (!row) return;
      request.user = { id: row.id, username: row.username, isAdmin: row.isAdmin };
      if (Date.now() - row.sessionLastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await touchSession(sql, hashSessionId(request.sessionId), row.id, request.ip);
      }
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);
