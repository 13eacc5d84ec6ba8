// What every request leaves behind: its id in the X-Request-Id header of the answer (and in each
// log line about it), its count and time in the metrics, and, when asked for, one log line once
// answered.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { countRequest, UNMATCHED_ROUTE } from '../metrics/metrics.ts';

const REQUEST_ID_HEADER = 'x-request-id';
/** An id a proxy in front gave the request is kept when it is a short token of safe characters. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The request's id: the one it came with if that is safe to repeat in logs and headers, else a new one. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Call on the root instance, so that every request is seen: API routes, files, pages and misses. */
export function observeRequests(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern (/api/posts/:publicId), never the address: ids would make a series each.
    countRequest(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * Wraps the answer to requests the router refuses before any hook runs (a malformed or too long
 * address): they get their id, count and log line like every other request.
 */
export function observeRouterRefusals<E>(
  requestLog: RequestLog,
  answer: (error: E, request: FastifyRequest, reply: FastifyReply) => unknown,
): (error: E, request: FastifyRequest, reply: FastifyReply) => unknown {
  return (error, request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    reply.raw.once('finish', () => {
      countRequest(undefined, request.method, reply.statusCode, reply.elapsedTime / 1000);
      requestLog.requestCompleted(null, request, reply);
    });
    return answer(error, request, reply);
  };
}

export interface RequestLogOptions {
  /** One line per request answered (the JSON log); a person's terminal gets none. */
  logRequests: boolean;
  /** The logged-in user's id, for that line. */
  userId(request: FastifyRequest): string | undefined;
}

/**
 * Fastify's own lines about requests: instead of one line when a request comes in and another
 * when it is answered, at most one once answered, with what an operator looks for. The address
 * asked for is left out (the route's pattern says what was asked), and so are headers and bodies.
 * Errors Fastify meets while answering are logged either way.
 */
export class RequestLog extends LogController {
  private readonly options: RequestLogOptions;

  constructor(options: RequestLogOptions) {
    super();
    this.options = options;
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (!error && !this.options.logRequests) return;
    const line = {
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      method: request.method,
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      userId: this.options.userId(request),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else request.log.info(line, 'request');
  }
}
