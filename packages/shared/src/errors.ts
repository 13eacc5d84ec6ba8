// Error codes the API answers with (the `code` of `{status, code, message}`) and the messages the
// client shows. Codes the specification names keep its spelling.

export const ErrorCode = {
  badRequest: 'bad_request',
  invalidJson: 'invalid_json',
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  rateLimited: 'rate_limited',
  internal: 'internal_error',
  csrf: 'csrf_token_invalid',
  notLoggedIn: 'not_logged_in',
  alreadyLoggedIn: 'already_logged_in',
  forbidden: 'forbidden',
  // Accounts
  usernameTaken: 'username_taken',
  wrongCredentials: 'wrong_credentials',
  accountSuspended: 'account_suspended',
  signupsDisabled: 'signups_disabled',
  captchaFailed: 'captcha_failed',
  ipBlocked: 'ip_blocked',
  // Communities and moderation
  notEnoughPoints: 'not_enough_points',
  maxLimitReached: 'max_limit_reached',
  communityExists: 'community_exists',
  bannedFromCommunity: 'banned_from_community',
  alreadyDenied: 'already_denied',
  alreadyBanned: 'already_banned',
  postingRestricted: 'posting_restricted',
  // Posts and comments
  fileSizeExceeded: 'file_size_exceeded',
  unsupportedImage: 'unsupported_image',
  unsupportedImageFormat: 'unsupported-image-format',
  invalidUrl: 'invalid-url',
  alreadyAnnounced: 'already_announced',
  alreadyReported: 'already_reported',
  postLocked: 'post_locked',
  commentDeleted: 'comment_deleted',
  threadTooDeep: 'thread_too_deep',
  invalidCursor: 'invalid_cursor',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The JSON body of every non-2xx API answer. */
export interface ErrorBody {
  status: number;
  code: string;
  message: string;
}

/** Messages of the specification's error catalogue. */
export const Messages = {
  slowDown: 'Whoah, slow down there!',
  offline: "Make sure you're connected to the internet",
  generic: 'Something went wrong.',
  crash: 'Something went wrong',
  wrongCredentials: 'Username and password do not match.',
  suspended: (name: string) => `@${name} is suspended.`,
  logoutFailed: 'Failed to logout. Something went wrong.',
  usernameTaken: (name: string) => `${name} is already taken.`,
  signupsDisabled: 'Sign-ups are disabled right now. Please check back later.',
  notLoggedIn: 'You need to be logged in to do that.',
  forbidden: 'Forbidden.',
  notFound: 'Not found.',
  apiNotFound: 'API endpoint not found.',
  methodNotAllowed: 'Method not allowed.',
  invalidJson: 'The request body is not valid JSON.',
  csrf: 'Missing or invalid anti-forgery token. Reload the page and try again.',
  internal: 'Something went wrong.',
  notEnoughPointsCommunity: 'You need at least 10 points to create a community.',
  maxCommunities: "You've reached your max limit of the number of communities you can moderate.",
  communityExists: 'A community by that name already exists.',
  bannedFromCommunity: 'You are banned from this community.',
  fileSizeExceeded: 'Maximum file size exceeded.',
  unsupportedImage: 'Unsupported image.',
  unsupportedFileType: (name: string) => `File '${name}' is of an unsupported type.`,
  invalidUrl: 'The URL you provided is not a valid URL.',
  alreadyAnnounced: 'Already announced',
  alreadyReported: (type: string) => `You have already reported this ${type}`,
  commentDeleted: "Can't vote on a deleted comment!",
  threadTooDeep: 'Thread too deep.',
  notEnoughPointsToCreateCommunity: (points: number) => `You need at least ${points} points to create a community.`,
  communityNotFound: 'Community not found.',
  ruleNotFound: 'Rule not found.',
  unknownAction: 'Unknown action.',
} as const;
