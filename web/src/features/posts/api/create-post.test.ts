import { ApiError } from '@quorum/client/api-error';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { describe, expect, it } from 'vitest';
import { postFormError } from './create-post.ts';

const apiError = (status: number, code: string, message: string) => new ApiError(status, { status, code, message });
const creating = { communityName: 'cameras', creating: true };
const editing = { communityName: 'cameras', creating: false };

describe('postFormError', () => {
  it('puts a 404 on create beside the community field, whatever its text', () => {
    expect(postFormError(apiError(404, ErrorCode.notFound, 'Some other wording.'), creating)).toEqual({
      field: 'community',
      message: Messages.communityNotFound,
    });
  });

  it('shows a 404 on edit above the buttons with the server text', () => {
    expect(postFormError(apiError(404, ErrorCode.notFound, 'Post not found.'), editing)).toEqual({ field: 'form', message: 'Post not found.' });
  });

  it('tells the other refusals apart by status and code', () => {
    expect(postFormError(apiError(400, ErrorCode.invalidUrl, 'x'), creating)).toEqual({ field: 'url', message: Messages.invalidUrl });
    expect(postFormError(apiError(403, ErrorCode.bannedFromCommunity, 'x'), creating)).toEqual({
      field: 'form',
      message: "You've been banned from cameras.",
    });
    expect(postFormError(apiError(403, ErrorCode.postingRestricted, 'x'), creating)?.message).toBe('Only approved members of this community can post.');
  });

  it("shows a watched word's refusal above the buttons with the rule it breaks", () => {
    const blocked = Messages.blockedByRule('No spam');
    expect(postFormError(apiError(403, ErrorCode.blockedByRule, blocked), creating)).toEqual({ field: 'form', message: blocked });
    expect(postFormError(apiError(403, ErrorCode.blockedByRule, blocked), editing)).toEqual({ field: 'form', message: blocked });
  });

  it('leaves rate limits, server errors and other failures to the generic handler', () => {
    expect(postFormError(apiError(429, ErrorCode.rateLimited, Messages.slowDown), creating)).toBeNull();
    expect(postFormError(apiError(500, ErrorCode.internal, Messages.internal), creating)).toBeNull();
    expect(postFormError(new Error('boom'), creating)).toBeNull();
  });
});
