import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { HttpError } from './errors.ts';

const METHODS: HTTPMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The one error shape: `{status, code, message}`; 5xx details go to the log only. */
export function setErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.status).send(error.toBody());

    const status = error.statusCode ?? 500;
    const answer = (code: string, message: string, statusCode = status) =>
      reply.code(statusCode).send({ status: statusCode, code, message });

    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
        (status === 400 && error instanceof SyntaxError)) {
      return answer(ErrorCode.invalidJson, Messages.invalidJson, 400);
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return answer(ErrorCode.payloadTooLarge, 'The request is too large.', 413);
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return answer(ErrorCode.unsupportedMediaType, 'Unsupported content type.', 415);
    }
    if (status === 429) return answer(ErrorCode.rateLimited, 'Too many requests. Please slow down.', 429);
    // Postgres refusing a value's syntax or range (a malformed id, say) is the client's input at fault.
    if ('code' in error && (error.code === '22P02' || error.code === '22003' || error.code === '22007')) {
      return answer(ErrorCode.badRequest, 'Invalid input.', 400);
    }
    if (status >= 400 && status < 500) return answer(ErrorCode.badRequest, error.message || 'Bad request.');

    request.log.error({ err: error, method: request.method, url: request.url, params: request.params }, 'request failed');
    return answer(ErrorCode.internal, Messages.internal, 500);
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
  if (allowedMethods.length > 0) {
    return reply
      .code(405)
      .header('Allow', allowedMethods.join(', '))
      .send({ status: 405, code: ErrorCode.methodNotAllowed, message: Messages.methodNotAllowed });
  }
  return reply.code(404).send({ status: 404, code: ErrorCode.notFound, message: Messages.apiNotFound });
}
