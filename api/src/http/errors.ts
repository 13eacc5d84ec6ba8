import type { FastifyReply } from 'fastify';
import { ErrorCode, Messages, type ErrorBody } from '@quorum/shared/errors';

/** An error answered to the client as `{status, code, message}`; thrown through the helpers below. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
  }

  toBody(): ErrorBody {
    return { status: this.status, code: this.code, message: this.message };
  }
}

export const badRequest = (message: string, code: string = ErrorCode.badRequest) => new HttpError(400, code, message);
export const unauthorized = (message: string = Messages.notLoggedIn, code: string = ErrorCode.notLoggedIn) =>
  new HttpError(401, code, message);
export const forbidden = (message: string = Messages.forbidden, code: string = ErrorCode.forbidden) =>
  new HttpError(403, code, message);
export const notFound = (message: string = Messages.notFound) => new HttpError(404, ErrorCode.notFound, message);
export const methodNotAllowed = () => new HttpError(405, ErrorCode.methodNotAllowed, Messages.methodNotAllowed);
export const conflict = (code: string, message: string) => new HttpError(409, code, message);
export const payloadTooLarge = () => new HttpError(413, ErrorCode.payloadTooLarge, Messages.payloadTooLarge);
export const unsupportedMediaType = () => new HttpError(415, ErrorCode.unsupportedMediaType, Messages.unsupportedMediaType);
export const tooManyRequests = () => new HttpError(429, ErrorCode.rateLimited, Messages.rateLimited);
/** Any other refusal the framework raised for a request (a 4xx `status`). */
export const clientError = (status: number, message: string) => new HttpError(status, ErrorCode.badRequest, message);
export const internalError = () => new HttpError(500, ErrorCode.internal, Messages.internal);
export const serviceUnavailable = (message: string = Messages.unavailable) => new HttpError(503, ErrorCode.unavailable, message);

/** Answers with an error's JSON body and status: the one place an error leaves the server. */
export function sendError(reply: FastifyReply, error: HttpError) {
  return reply.code(error.status).send(error.toBody());
}
