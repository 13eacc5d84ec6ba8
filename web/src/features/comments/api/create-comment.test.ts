import { ApiError } from '@quorum/client/api-error';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { describe, expect, it } from 'vitest';
import { commentFormError } from './create-comment.ts';

const apiError = (status: number, code: string, message: string) => new ApiError(status, { status, code, message });

describe('commentFormError', () => {
  it("shows a watched word's refusal under the box, naming the rule", () => {
    const blocked = Messages.blockedByRule('No spam');
    expect(commentFormError(apiError(403, ErrorCode.blockedByRule, blocked))).toBe(blocked);
  });

  it('leaves a ban, rate limits and network failures to the alerts', () => {
    expect(commentFormError(apiError(403, ErrorCode.bannedFromCommunity, Messages.bannedFromCommunity))).toBeNull();
    expect(commentFormError(apiError(429, ErrorCode.rateLimited, Messages.slowDown))).toBeNull();
    expect(commentFormError(new ApiError(0, null))).toBeNull();
  });
});
