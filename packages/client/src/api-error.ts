import { Messages, type ErrorBody } from '@quorum/shared/errors';

/** True for the JSON body of an API error answer. */
export function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && 'status' in value && 'message' in value;
}

/** A non-2xx answer from the API (status 0 means the network failed). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly body: ErrorBody | null;

  constructor(status: number, body: ErrorBody | null, message?: string) {
    super(message ?? body?.message ?? Messages.generic);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code ?? '';
    this.body = body;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** The generic message the specification gives for an error nobody handled specially. */
export function genericErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return Messages.slowDown;
    if (error.isNetworkError) return Messages.offline;
  }
  return Messages.generic;
}
