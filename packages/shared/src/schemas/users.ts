import * as v from 'valibot';
import {
  ABOUT_ME_MAX, ANALYTICS_EVENTS, BADGE_TYPES, EMAIL_MAX, EMAIL_PATTERN, HOME_FEEDS, PASSWORD_MAX, PASSWORD_MIN, PUSH_ENDPOINT_MAX,
  USER_FEED_FILTERS, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN,
} from '../constants.ts';
import { Messages } from '../errors.ts';
import { cursorParam, flagParam } from './common.ts';

export const username = v.pipe(
  v.optional(v.string('Username cannot be empty.'), ''),
  v.trim(),
  v.nonEmpty('Username cannot be empty.'),
  v.minLength(USERNAME_MIN, 'Username too short.'),
  v.maxLength(USERNAME_MAX, `Username too long (${USERNAME_MAX} characters at most).`),
  v.regex(USERNAME_PATTERN, 'Username can only contain letters, digits and underscores.'),
);

export const password = v.pipe(
  v.optional(v.string('Password cannot be empty.'), ''),
  v.nonEmpty('Password cannot be empty.'),
  v.minLength(PASSWORD_MIN, 'Password too weak.'),
  v.maxLength(PASSWORD_MAX, `Password too long (${PASSWORD_MAX} characters at most).`),
);

/** Optional email: empty means none. */
export const email = v.pipe(
  v.optional(v.nullable(v.string('Enter a valid email address.')), ''),
  v.transform((value) => (value ?? '').trim()),
  v.maxLength(EMAIL_MAX, 'Enter a valid email address.'),
  v.check((value) => value === '' || EMAIL_PATTERN.test(value), 'Enter a valid email address.'),
);

/** POST /api/_signup */
export const signupBody = v.object({
  username,
  email,
  password,
  captchaToken: v.optional(v.nullable(v.string()), null),
});
export type SignupBody = v.InferInput<typeof signupBody>;

/** The signup form: the request body plus the repeated password. */
export const signupForm = v.pipe(
  v.object({
    ...signupBody.entries,
    repeatPassword: v.pipe(v.string(), v.nonEmpty('Repeat password cannot be empty.')),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['repeatPassword']],
      (input) => input.password === input.repeatPassword,
      'Passwords do not match.',
    ),
    ['repeatPassword'],
  ),
);

/** POST /api/_login: logs in, or with `action=logout` logs out. */
export const loginQuery = v.object({ action: v.optional(v.literal('logout', Messages.unknownAction)) });

/** POST /api/_login */
export const loginBody = v.pipe(
  v.object({
    username: v.pipe(v.optional(v.string(), ''), v.trim()),
    password: v.optional(v.string(), ''),
  }),
  v.check((input) => input.username !== '' || input.password !== '', 'Username and password empty.'),
  v.check((input) => input.username !== '', 'Username empty.'),
  v.check((input) => input.password !== '', 'Password empty.'),
);
export type LoginBody = v.InferInput<typeof loginBody>;

/** POST /api/_forgot_password: a username or an email address. */
export const forgotPasswordBody = v.object({
  login: v.pipe(v.string('Enter your username or email.'), v.trim(), v.nonEmpty('Enter your username or email.'), v.maxLength(EMAIL_MAX, 'Enter your username or email.')),
});
export type ForgotPasswordBody = v.InferInput<typeof forgotPasswordBody>;

/** POST /api/_reset_password: the emailed link's token and the new password. */
export const resetPasswordBody = v.pipe(
  v.object({
    token: v.pipe(v.string(Messages.invalidResetToken), v.regex(/^[A-Za-z0-9_-]{20,100}$/, Messages.invalidResetToken)),
    password,
    repeatPassword: v.pipe(v.optional(v.string(), ''), v.nonEmpty('Repeat password cannot be empty.')),
  }),
  v.forward(
    v.check((input) => input.password === input.repeatPassword, 'Passwords do not match.'),
    ['repeatPassword'],
  ),
);
export type ResetPasswordBody = v.InferInput<typeof resetPasswordBody>;

/** POST /api/_reauth: the password, asked again before a sensitive change. */
export const reauthBody = v.object({
  password: v.pipe(v.optional(v.string(Messages.invalidPassword), ''), v.nonEmpty('Password empty.')),
});
export type ReauthBody = v.InferInput<typeof reauthBody>;

/** POST /api/_confirm_email: the emailed link's token. */
export const confirmEmailBody = v.object({
  token: v.pipe(v.string(Messages.invalidConfirmToken), v.regex(/^[A-Za-z0-9_-]{20,100}$/, Messages.invalidConfirmToken)),
});
export type ConfirmEmailBody = v.InferInput<typeof confirmEmailBody>;

/** POST /api/_settings */
export const settingsQuery = v.object({ action: v.picklist(['changePassword', 'updateProfile'], Messages.unknownAction) });

/** GET /api/users/{username} */
export const getUserQuery = v.object({ adminsView: flagParam('adminsView must be true or false.') });

/** POST /api/_settings?action=changePassword */
export const changePasswordBody = v.pipe(
  v.object({
    password: v.pipe(v.string('Password empty.'), v.nonEmpty('Password empty.')),
    newPassword: v.pipe(
      v.string('Password too short.'),
      v.minLength(PASSWORD_MIN, 'Password too short.'),
      v.maxLength(PASSWORD_MAX, `Password too long (${PASSWORD_MAX} characters at most).`),
    ),
    repeatPassword: v.string('Passwords do not match.'),
  }),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['repeatPassword']],
      (input) => input.newPassword === input.repeatPassword,
      'Passwords do not match.',
    ),
    ['repeatPassword'],
  ),
);

/** POST /api/_settings?action=updateProfile: every field optional, only given ones change. */
export const updateProfileBody = v.object({
  aboutMe: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(ABOUT_ME_MAX, `About me is too long (${ABOUT_ME_MAX} characters at most).`)))),
  email: v.optional(
    v.pipe(
      v.nullable(v.string()),
      v.transform((value) => (value ?? '').trim()),
      v.maxLength(EMAIL_MAX, 'Please enter a valid email'),
      v.check((value) => value === '' || EMAIL_PATTERN.test(value), 'Please enter a valid email'),
    ),
  ),
  upvoteNotificationsOff: v.optional(v.boolean()),
  replyNotificationsOff: v.optional(v.boolean()),
  moderationNotificationsOff: v.optional(v.boolean()),
  announcementNotificationsOff: v.optional(v.boolean()),
  homeFeed: v.optional(v.picklist(HOME_FEEDS)),
  rememberFeedSort: v.optional(v.boolean()),
  embedsOff: v.optional(v.boolean()),
  hideUserProfilePictures: v.optional(v.boolean()),
  requireAltText: v.optional(v.boolean()),
});

export type UpdateProfileBody = v.InferInput<typeof updateProfileBody>;

/** DELETE /api/users/{username} */
export const deleteAccountBody = v.object({
  password: v.pipe(v.optional(v.string(Messages.invalidPassword), ''), v.nonEmpty(Messages.invalidPassword)),
});

/** POST /api/users/{username}/badges */
export const addBadgeBody = v.object({ type: v.picklist(BADGE_TYPES, Messages.unknownBadge) });

/** DELETE /api/users/{username}/badges/{badgeId}: with `byType=true` the last segment is the badge's type. */
export const removeBadgeQuery = v.object({ byType: flagParam('byType must be true or false.') });

/** GET /api/users/{username}/feed */
export const userFeedQuery = v.object({
  filter: v.optional(v.picklist(['', ...USER_FEED_FILTERS], 'filter must be posts or comments.'), ''),
  next: cursorParam,
});

/** POST /api/analytics */
export const analyticsBody = v.object({ event: v.picklist(ANALYTICS_EVENTS, 'Unknown event.') });

/**
 * POST /api/push_subscriptions: the browser's PushSubscription as JSON. The keys are base64url: a
 * P-256 public key (65 bytes) and a 16-byte secret, with or without padding.
 */
export const pushSubscriptionBody = v.object({
  endpoint: v.pipe(
    v.string(),
    v.maxLength(PUSH_ENDPOINT_MAX, Messages.invalidPushEndpoint),
    v.url(Messages.invalidPushEndpoint),
    v.startsWith('https://', Messages.invalidPushEndpoint),
  ),
  expirationTime: v.optional(v.nullable(v.number())),
  keys: v.object({
    p256dh: v.pipe(v.string(), v.regex(/^[\w-]{87}=?$/, Messages.invalidPushKeys)),
    auth: v.pipe(v.string(), v.regex(/^[\w-]{22}(==)?$/, Messages.invalidPushKeys)),
  }),
});
