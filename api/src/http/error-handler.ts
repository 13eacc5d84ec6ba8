import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { isDatabaseError, isDatabaseUnreachable, isStatementTimeout } from '../db/connect.ts';
import { countDatabaseError } from '../metrics/metrics.ts';
import {
  badRequest, clientError, HttpError, internalError, methodNotAllowed, notFound, payloadTooLarge, sendError,
  serviceUnavailable, tooManyRequests, unsupportedMediaType,
} from './errors.ts';

const METHODS: HTTPMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Seconds a client waits before retrying when the database could not be reached: time to reconnect. */
const DATABASE_RETRY_SECONDS = 5;

/**
 * Postgres refusing a value: any data exception (class 22: a malformed id, a number out of range,
 * an impossible date, a NUL character) or a value too large to index (54000). The client's input
 * is at fault.
 */
function isInputSqlState(code: string | undefined): boolean {
  return code !== undefined && /^(22[0-9A-Z]{3}|54000)$/.test(code);
}

/** The answer to an error thrown by the framework, a plugin or the database; null for a server fault. */
function asHttpError(error: FastifyError): HttpError | null {
  const status = error.statusCode ?? 500;
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      (status === 400 && error instanceof SyntaxError)) {
    return badRequest(Messages.invalidJson, ErrorCode.invalidJson);
  }
  if (error.code === 'FST_ERR_BAD_URL') return badRequest(Messages.badUrl);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return new HttpError(414, ErrorCode.uriTooLong, Messages.uriTooLong);
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return payloadTooLarge();
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return unsupportedMediaType();
  if (status === 429) return tooManyRequests();
  if (isInputSqlState(error.code)) return badRequest(Messages.invalidInput);
  // The framework's own messages may quote the request (its address, a header), so none is passed on.
  if (status >= 400 && status < 500) return clientError(status, `${STATUS_CODES[status] ?? Messages.badRequest}.`);
  return null;
}

/** Answers any error a request raised; 5xx details go to the log only. */
function answerError(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) return sendError(reply, error);
  const answer = asHttpError(error);
  if (answer) return sendError(reply, answer);
  request.log.error({ err: error, method: request.method, url: request.url, params: request.params }, 'request failed');
  // The database is gone, or too busy to finish a statement in time: worth trying again shortly.
  const unreachable = isDatabaseUnreachable(error);
  if (unreachable || isStatementTimeout(error)) {
    countDatabaseError(unreachable ? 'unreachable' : 'timeout');
    return sendError(reply.header('Retry-After', String(DATABASE_RETRY_SECONDS)), serviceUnavailable());
  }
  if (isDatabaseError(error)) countDatabaseError('query');
  return sendError(reply, internalError());
}

/** Errors of the router (a malformed or too long address), answered like every other error. */
export const frameworkErrors = answerError;

/**
 * Errors Node's HTTP parser raises before there is a request (headers too large, a malformed
 * request line, a timeout): the same JSON shape, written straight to the socket.
 */
export function answerConnectionError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer =
    error.code === 'HPE_HEADER_OVERFLOW' ? new HttpError(431, ErrorCode.headersTooLarge, Messages.headersTooLarge)
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? new HttpError(408, ErrorCode.requestTimeout, Messages.requestTimeout)
        : badRequest(Messages.badRequest);
  if (socket.writable) {
    const body = JSON.stringify(answer.toBody());
    socket.write(
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** The one error shape: `{status, code, message}`; 5xx details go to the log only. */
export function setErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(answerError);
}

/**
 * Remembers the method and path of every API route, so that a request for a known path with
 * another method can be answered 405 instead of 404. Call before any route is registered.
 */
export function trackApiRoutes(app: FastifyInstance): (method: string, url: string) => string[] {
  const router = FindMyWay({ ignoreTrailingSlash: true });
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && !router.find(method as HTTPMethod, route.url)) router.on(method as HTTPMethod, route.url, () => {});
    }
  });
  return (method, url) => {
    const path = url.split('?')[0] ?? url;
    return METHODS.filter((m) => m !== method && router.find(m, path) !== null);
  };
}

/** Answers an unknown API path with 404 or 405 JSON. */
export function answerApiNotFound(reply: FastifyReply, allowedMethods: string[]) {
  if (allowedMethods.length === 0) return sendError(reply, notFound(Messages.apiNotFound));
  return sendError(reply.header('Allow', allowedMethods.join(', ')), methodNotAllowed());
}
