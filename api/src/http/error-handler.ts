import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { isDatabaseUnreachable } from '../db/connect.ts';
import {
  badRequest, clientError, HttpError, internalError, methodNotAllowed, notFound, payloadTooLarge, sendError,
  serviceUnavailable, tooManyRequests, unsupportedMediaType,
} from './errors.ts';

const METHODS: HTTPMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Postgres refusing a value's syntax or range (a malformed id, say): the client's input is at fault. */
const INPUT_SQLSTATES = new Set(['22P02', '22003', '22007']);

/** The answer to an error thrown by the framework, a plugin or the database; null for a server fault. */
function asHttpError(error: FastifyError): HttpError | null {
  const status = error.statusCode ?? 500;
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      (status === 400 && error instanceof SyntaxError)) {
    return badRequest(Messages.invalidJson, ErrorCode.invalidJson);
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return payloadTooLarge();
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return unsupportedMediaType();
  if (status === 429) return tooManyRequests();
  if (INPUT_SQLSTATES.has(error.code)) return badRequest(Messages.invalidInput);
  if (status >= 400 && status < 500) return clientError(status, error.message || Messages.badRequest);
  return null;
}

/** The one error shape: `{status, code, message}`; 5xx details go to the log only. */
export function setErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return sendError(reply, error);
    const answer = asHttpError(error);
    if (answer) return sendError(reply, answer);
    request.log.error({ err: error, method: request.method, url: request.url, params: request.params }, 'request failed');
    return sendError(reply, isDatabaseUnreachable(error) ? serviceUnavailable() : internalError());
  });
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
