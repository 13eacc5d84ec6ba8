// Error codes the API answers with (the `code` of `{status, code, message}`) and the messages the
// client shows. Codes the specification names keep its spelling.

export const ErrorCode = {
  badRequest: 'bad_request',
  invalidJson: 'invalid_json',
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  payloadTooLarge: 'payload_too_large',
  uriTooLong: 'uri_too_long',
  headersTooLarge: 'headers_too_large',
  requestTimeout: 'request_timeout',
  unsupportedMediaType: 'unsupported_media_type',
  rateLimited: 'rate_limited',
  internal: 'internal_error',
  unavailable: 'service_unavailable',
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
  // Retried writes
  invalidIdempotencyKey: 'invalid_idempotency_key',
  idempotencyKeyReused: 'idempotency_key_reused',
  idempotencyKeyInFlight: 'idempotency_key_in_flight',
  // Lists
  listExists: 'list_exists',
  // Profiles
  accountDeleted: 'account_deleted',
  invalidPassword: 'invalid_password',
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
  unavailable: 'The site is not available right now. Please try again in a moment.',
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
  // Requests the server cannot read
  badRequest: 'Bad request.',
  nonCanonicalPath: 'The address is not in its plain form: write letters, digits and -._~ without %-escapes.',
  badUrl: 'The address is not valid.',
  uriTooLong: 'The address is too long.',
  headersTooLarge: 'The request headers are too large.',
  requestTimeout: 'The request took too long.',
  invalidInput: 'Invalid input.',
  invalidCursor: 'Invalid cursor.',
  nulCharacter: 'Text cannot contain a NUL character.',
  payloadTooLarge: 'The request is too large.',
  unsupportedMediaType: 'Unsupported content type.',
  rateLimited: 'Too many requests. Please slow down.',
  // Accounts
  alreadyLoggedIn: 'You are already logged in.',
  captchaFailed: 'Captcha verification failed. Please try again.',
  captchaRequired: 'Please complete the captcha.',
  wrongPreviousPassword: 'Incorrect previous password',
  userNotFound: 'User not found.',
  cannotMuteSelf: 'You cannot mute yourself.',
  // Posts
  postNotFound: 'Post not found.',
  postLocked: 'This post is locked.',
  postDeleted: 'This post has been deleted.',
  postAlreadyDeleted: 'This post is already deleted.',
  bannedFrom: (community: string) => `You've been banned from ${community}.`,
  postingRestricted: 'Only approved members of this community can post.',
  cannotPostAs: (group: string) => `You cannot post as ${group}.`,
  notEnoughPointsToPost: (type: 'image' | 'link') => `You don't have enough points to submit ${type}s yet.`,
  postImagesMissing: 'One or more images could not be found. Upload them again.',
  altTextMissing: 'One or more images are missing alt text...',
  onlyAuthorEditsPost: 'Only the author can edit a post.',
  onlyAuthorSignsPost: 'Only the author can change how a post is signed.',
  deletedPostNotEditable: 'A deleted post cannot be edited.',
  deletedPostNotPinnable: 'A deleted post cannot be pinned.',
  deletedPostNotAnnounceable: 'A deleted post cannot be announced.',
  pinsFull: (max: number, siteWide: boolean) =>
    `At most ${max} posts can be pinned ${siteWide ? 'site-wide' : 'in a community'}. Unpin one first.`,
  onlyAuthorOrAdminPurges: 'Only the author or an admin can delete the content of a post.',
  // Comments
  commentNotFound: 'Comment not found.',
  cannotCommentAs: (group: string) => `You cannot comment as ${group}.`,
  cannotReplyToDeleted: 'You cannot reply to a deleted comment.',
  onlyAuthorChangesComment: 'Only the author can change a comment.',
  deletedCommentNotChangeable: 'A deleted comment cannot be changed.',
  // Images and links
  imageNotFound: 'Image not found.',
  imageTooManyPixels: (maxPixels: number) => `The image is too large: it may have at most ${maxPixels / 1_000_000} million pixels.`,
  uploadNotMultipart: 'Send the image as multipart/form-data in the field "image".',
  uploadUnreadable: 'The upload could not be read.',
  noImageUploaded: 'No image was uploaded.',
  privateAddress: 'Links to local or private network addresses are not allowed.',
  // Retried writes
  invalidIdempotencyKey: 'The Idempotency-Key header must be 8 to 128 letters, digits, hyphens or underscores.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request.',
  idempotencyKeyInFlight: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
  // Lists
  listNameEmpty: 'Name cannot be empty.',
  listExists: (name: string) => `List with name ${name} already exists.`,
  listNotFound: 'List not found.',
  notYourList: 'Only the owner of a list can change it.',
  commentIsDeleted: 'This comment has been deleted.',
  // Reports
  reportNeedsReason: 'A report needs a reason.',
  cannotReportOwn: (type: string) => `You cannot report your own ${type}.`,
  // Site settings
  invalidEmail: 'Enter a valid email address.',
  // Profiles and accounts
  accountDeleted: 'Account deleted.',
  accountSuspended: 'Account suspended.',
  invalidPassword: 'Invalid password',
  onlyOwnAccount: 'You can only change your own account.',
  unknownBadge: 'Unknown badge type.',
  badgeNotFound: 'Badge not found.',
  // Notifications and push
  notificationNotFound: 'Notification not found.',
  notificationFormatUnsupported: 'Unsupported format: use format=html or none.',
  pushUnsupported: "It looks like your browser doesn't support push notifications.",
  allNotificationsSeen: 'All notifications are marked as seen.',
  allUpvoteNotificationsSeen: 'All upvote notifications are marked as seen.',
  allNotificationsDeleted: 'All notifications are deleted.',
} as const;
