// Which database a request reads from. Routes that only read what other people wrote (feeds,
// posts, comments, profiles) say `config: { reads: 'replica' }` and read through
// `request.readSql`: a read replica, chosen in turn, when there are some. Everything else, and
// every write, uses the primary.
//
// Replicas lag a little behind the primary, and the answers kept for visitors (which members' pages
// start from) are a little old, so a visitor who has just changed something reads from the primary
// and gets answers computed for them for a short while after: each successful write answers with a
// short-lived cookie that says so. A cookie rather than a timestamp in the session row because it
// costs no database write, covers the writes made before there is a session (sign-up, login), and
// lives with the visitor, so that every server process behind a load balancer honours it without
// sharing any state. A visitor who forges it only has their own reads computed anew on the primary.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Sql } from './connect.ts';

/** Long enough for a healthy streaming replica to have replayed a write many times over. */
export const RECENT_WRITE_SECONDS = 15;
export const RECENT_WRITE_COOKIE = 'recentwrite';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'replica': the route only reads, and may read from a replica. */
    reads?: 'replica';
  }
  interface FastifyRequest {
    /** The handle this request's reads go to: a replica for routes that allow it, else the primary. */
    readSql: Sql;
    /**
     * This visitor has just written: what they read must be computed for them, not made from an
     * answer shared with others (which a read made before their write, or a replica, would have
     * made), and a route that may read from a replica reads from the primary.
     */
    readsOwnWrites: boolean;
  }
}

export interface ReadRoutingOptions {
  sql: Sql;
  replicas: Sql[];
  secureCookies: boolean;
  /** How old, in milliseconds, a shared answer may be: the marker lasts at least as long. */
  sharedAnswerAgeMs: number;
}

export default fp<ReadRoutingOptions>(
  async (app, { sql, replicas, secureCookies, sharedAnswerAgeMs }) => {
    app.decorateRequest('readSql', null as unknown as Sql);
    app.decorateRequest('readsOwnWrites', false);
    let turn = 0;

    app.addHook('onRequest', async (request: FastifyRequest) => {
      // The matched route decides, never the address as written.
      const readsOnly = request.routeOptions.config.reads === 'replica';
      request.readsOwnWrites = Boolean(request.cookies[RECENT_WRITE_COOKIE]);
      if (!readsOnly || request.readsOwnWrites || replicas.length === 0) {
        request.readSql = sql;
        return;
      }
      turn = (turn + 1) % replicas.length;
      request.readSql = replicas[turn] ?? sql;
    });

    const maxAge = Math.max(RECENT_WRITE_SECONDS, Math.ceil(sharedAnswerAgeMs / 1000));
    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
      if (SAFE_METHODS.has(request.method) || reply.statusCode >= 400) return;
      reply.setCookie(RECENT_WRITE_COOKIE, '1', { path: '/', sameSite: 'lax', secure: secureCookies, httpOnly: true, maxAge });
    });
  },
  { name: 'read-routing', dependencies: ['@fastify/cookie'] },
);
