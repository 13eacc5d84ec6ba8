import * as v from 'valibot';
import { ADMIN_USER_SEARCH_MAX, DENY_NOTE_MAX, MOD_ACTION_KINDS, MOD_REASON_MAX, EMAIL_MAX, EMAIL_PATTERN, IP_BLOCK_EXPIRES_MAX_HOURS, IP_BLOCK_NOTE_MAX } from '../constants.ts';
import { Messages } from '../errors.ts';
import { parseBlockAddress } from '../ip-blocks.ts';
import { cursorParam, id } from './common.ts';

const name = v.pipe(v.string(), v.trim(), v.nonEmpty('A name is required.'));

/** The optional reason a moderator gives with an action (removing, locking, banning). */
export const modReason = v.optional(
  v.nullable(v.pipe(v.string('Invalid reason.'), v.trim(), v.maxLength(MOD_REASON_MAX, `The reason has to be at most ${MOD_REASON_MAX} characters.`))),
  null,
);

/** The optional JSON body `{ reason }` of PUT /api/posts/{publicId} (lock) and of the DELETE of a post or comment. */
export const modReasonBody = v.optional(v.object({ reason: modReason }), {});

/** POST /api/_admin */
export const adminActionBody = v.variant('action', [
  v.object({
    action: v.literal('ban_user'),
    username: name,
    /** Deletes the user's posts and comments too: 0 all of them, N the last N days' (absent: none). */
    deleteContentDays: v.optional(
      v.nullable(v.pipe(v.number(Messages.invalidDeleteContentDays), v.integer(Messages.invalidDeleteContentDays), v.minValue(0, Messages.invalidDeleteContentDays))),
    ),
    /** Also blocks the address the user was last seen from (its /64 for IPv6), until cancelled. */
    blockLastAddress: v.optional(v.boolean(Messages.invalidBlockLastAddress)),
    reason: modReason,
  }),
  v.object({ action: v.literal('unban_user'), username: name }),
  v.object({ action: v.literal('add_default_forum'), name }),
  v.object({ action: v.literal('remove_default_forum'), name }),
  v.object({
    action: v.literal('deny_comm'),
    id,
    body: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(DENY_NOTE_MAX, `The note has to be at most ${DENY_NOTE_MAX} characters.`)))),
  }),
], Messages.unknownAction);
export type AdminActionBody = v.InferInput<typeof adminActionBody>;

/** PUT /api/site_settings */
export const siteSettingsBody = v.object({
  signupsDisabled: v.optional(v.boolean()),
  imagePostSubmitReqPoints: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  linkPostSubmitReqPoints: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  communityCreateReqPoints: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /** Empty hides the Contact links. */
  contactEmail: v.optional(
    v.pipe(
      v.string(Messages.invalidEmail),
      v.trim(),
      v.maxLength(EMAIL_MAX, Messages.invalidEmail),
      v.check((value) => value === '' || EMAIL_PATTERN.test(value), Messages.invalidEmail),
    ),
  ),
  modLogNames: v.optional(v.boolean('modLogNames must be true or false.')),
  requireConfirmedEmail: v.optional(v.boolean('requireConfirmedEmail must be true or false.')),
});

/**
 * "Expires in": a positive number of hours, as a number or the text of a form field; empty or
 * null for a block without end. The output is the number of hours, or null.
 */
const expiresIn = v.pipe(
  v.optional(v.nullable(v.union([v.number(), v.string()], Messages.invalidExpiresIn)), null),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const raw = dataset.value;
    const text = typeof raw === 'string' ? raw.trim() : raw;
    if (text === null || text === '') return null;
    const hours = typeof text === 'number' ? text : /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
    if (!Number.isFinite(hours) || hours <= 0 || hours > IP_BLOCK_EXPIRES_MAX_HOURS) {
      addIssue({ message: Messages.invalidExpiresIn });
      return NEVER;
    }
    return hours;
  }),
);

/** POST /api/ipblocks */
export const ipBlockBody = v.object({
  address: v.pipe(
    v.string(Messages.invalidIpAddress),
    v.check((value) => parseBlockAddress(value) !== null, Messages.invalidIpAddress),
  ),
  expiresIn,
  note: v.optional(
    v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(IP_BLOCK_NOTE_MAX, `The note has to be at most ${IP_BLOCK_NOTE_MAX} characters.`))),
    null,
  ),
});
export type IpBlockBody = v.InferInput<typeof ipBlockBody>;

/** GET /api/users, /api/ipblocks, /api/community_requests and /api/analytics/bss: one page after `next`. */
export const adminPageQuery = v.object({ next: cursorParam });

/** GET /api/users: one page of accounts whose name or email contains `q` (all accounts without it). */
export const adminUsersQuery = v.object({
  next: cursorParam,
  q: v.optional(v.pipe(v.string('Invalid search.'), v.trim(), v.maxLength(ADMIN_USER_SEARCH_MAX, 'Search text is too long.'))),
});

/** GET /api/communities/{id}/modlog and GET /api/modlog: a page, of one kind and by one moderator if asked. */
export const modLogQuery = v.object({
  next: cursorParam,
  kind: v.optional(v.picklist(MOD_ACTION_KINDS, 'Unknown kind of action.')),
  /** A moderator's username (community logs only). */
  mod: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64, 'Username is too long.'))),
});
