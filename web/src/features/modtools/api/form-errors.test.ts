import { ApiError } from '@quorum/client/api-error';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { describe, expect, it } from 'vitest';
import { addModError, isUnknownUser } from './add-mod.ts';
import { banFormError } from './ban-from-community.ts';

const apiError = (status: number, code: string, message: string) => new ApiError(status, { status, code, message });

describe('banFormError', () => {
  it("words a 404 and a 409 as the specification does, whatever the server's text", () => {
    expect(banFormError(apiError(404, ErrorCode.notFound, 'Other words.'), 'ana')).toBe(Messages.noUserWithUsername);
    expect(banFormError(apiError(409, ErrorCode.alreadyBanned, 'Other words.'), 'ana')).toBe('ana is already banned.');
  });

  it("shows a 400's own message and leaves a 403, a network failure and other errors to the alerts", () => {
    expect(banFormError(apiError(400, ErrorCode.badRequest, 'Username is required.'), 'ana')).toBe('Username is required.');
    expect(banFormError(apiError(403, ErrorCode.forbidden, Messages.forbidden), 'ana')).toBeNull();
    expect(banFormError(new ApiError(0, null), 'ana')).toBeNull();
    expect(banFormError(new Error('boom'), 'ana')).toBeNull();
    expect(banFormError(null, 'ana')).toBeNull();
  });
});

describe('addModError', () => {
  it('shows refusals beside the field and leaves an unknown user to the alert', () => {
    expect(addModError(apiError(409, ErrorCode.alreadyMod, Messages.alreadyMod('ana')))).toBe(Messages.alreadyMod('ana'));
    expect(addModError(apiError(403, ErrorCode.forbidden, Messages.forbidden))).toBe(Messages.forbidden);
    const unknown = apiError(404, ErrorCode.notFound, Messages.userNotFound);
    expect(addModError(unknown)).toBeNull();
    expect(isUnknownUser(unknown)).toBe(true);
    expect(addModError(new ApiError(500, null))).toBeNull();
  });
});
