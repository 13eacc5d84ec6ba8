import { ErrorCode, Messages, type ErrorBody } from '@quorum/shared/errors';

/** An error answered to the client as `{status, code, message}`. */
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
export const conflict = (code: string, message: string) => new HttpError(409, code, message);
