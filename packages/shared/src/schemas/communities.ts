import * as v from 'valibot';
import {
  COMMUNITY_ABOUT_CREATE_MAX, COMMUNITY_ABOUT_MAX, COMMUNITY_NAME_MAX, COMMUNITY_NAME_MIN,
  COMMUNITY_NAME_PATTERN, COMMUNITY_REQUEST_NOTE_MAX, COMMUNITY_SORTS, DEFAULT_COMMUNITY_SORT, MODTOOLS_PAGE_MAX,
  MODTOOLS_PAGE_SIZE, REPORT_FILTERS, RULE_DESCRIPTION_MAX, RULE_MAX,
} from '../constants.ts';
import { Messages } from '../errors.ts';
import { modReason } from './admin.ts';
import { flagParam, id } from './common.ts';

export const communityName = v.pipe(
  v.optional(v.string('Name has to be at least 3 characters.'), ''),
  v.trim(),
  v.minLength(COMMUNITY_NAME_MIN, 'Name has to be at least 3 characters.'),
  v.maxLength(COMMUNITY_NAME_MAX, `Name has to be at most ${COMMUNITY_NAME_MAX} characters.`),
  v.regex(COMMUNITY_NAME_PATTERN, 'Name can only contain letters, digits and underscores.'),
);

/** Communities per page of the all-communities list: the default and the most (chosen). */
export const COMMUNITIES_PAGE_DEFAULT = 30;
export const COMMUNITIES_PAGE_MAX = 50;
/** Longest search text accepted for community suggestions (chosen). */
export const COMMUNITY_SEARCH_MAX = 100;

/** GET /api/communities: a page of all communities, or suggestions when `q` is given. */
export const listCommunitiesQuery = v.object({
  sort: v.optional(v.picklist(COMMUNITY_SORTS, 'Invalid sort.'), DEFAULT_COMMUNITY_SORT),
  limit: v.optional(
    v.pipe(
      v.string('Invalid limit.'),
      v.regex(/^\d{1,6}$/, 'Invalid limit.'),
      v.transform(Number),
      v.minValue(1, 'Invalid limit.'),
    ),
  ),
  next: v.optional(v.string('Invalid cursor.')),
  q: v.optional(v.pipe(v.string('Invalid search.'), v.trim(), v.maxLength(COMMUNITY_SEARCH_MAX, 'Search text is too long.'))),
});

/** GET /api/communities/{id or name} */
export const getCommunityQuery = v.object({ byName: flagParam('byName must be true or false.') });

/** POST /api/communities */
export const createCommunityBody = v.object({
  name: communityName,
  about: v.optional(
    v.nullable(v.pipe(v.string('Invalid description.'), v.maxLength(COMMUNITY_ABOUT_CREATE_MAX, `Description has to be at most ${COMMUNITY_ABOUT_CREATE_MAX} characters.`))),
    null,
  ),
});

/** PUT /api/communities/{id} */
export const updateCommunityBody = v.object({
  about: v.optional(v.nullable(v.pipe(v.string('Invalid description.'), v.maxLength(COMMUNITY_ABOUT_MAX, `Description has to be at most ${COMMUNITY_ABOUT_MAX} characters.`)))),
  postingRestricted: v.optional(v.boolean('postingRestricted must be true or false.')),
});

/** POST /api/_joinCommunity */
export const joinCommunityBody = v.object({
  communityId: v.optional(id, ''),
  leave: v.optional(v.boolean('leave must be true or false.'), false),
});

const targetUsername = v.pipe(
  v.optional(v.string('Username is required.'), ''),
  v.trim(),
  v.nonEmpty('Username is required.'),
  v.maxLength(64, 'Username is too long.'),
);

/** POST /api/communities/{id}/banned; `expires` (a future time) makes the ban temporary. */
export const communityBanBody = v.object({
  username: targetUsername,
  expires: v.optional(v.nullable(v.pipe(v.string('Invalid expiry.'), v.isoTimestamp('Invalid expiry.')))),
  reason: modReason,
});

/** DELETE /api/communities/{id}/banned */
export const communityUnbanBody = v.object({ username: targetUsername });

/** POST /api/communities/{id}/mods */
export const addModBody = v.object({ username: targetUsername });

/** PUT /api/communities/{id}/mods/{username}: the new 0-based place in the list, 0 the most senior. */
export const moveModBody = v.object({
  position: v.pipe(
    // A missing position fails below, with the same message.
    v.optional(v.number('The position has to be a whole number of 0 or more.'), -1),
    v.integer('The position has to be a whole number of 0 or more.'),
    v.minValue(0, 'The position has to be a whole number of 0 or more.'),
  ),
});

const pageNumber = (message: string) =>
  v.pipe(v.string(message), v.regex(/^\d{1,6}$/, message), v.transform(Number), v.minValue(1, message));

/** GET /api/communities/{id}/reports */
export const reportsQuery = v.object({
  filter: v.optional(v.picklist(REPORT_FILTERS, 'Unknown filter.'), 'all'),
  page: v.optional(pageNumber('Invalid page.'), '1'),
  limit: v.optional(
    v.pipe(pageNumber('Invalid limit.'), v.maxValue(MODTOOLS_PAGE_MAX, `The limit is at most ${MODTOOLS_PAGE_MAX}.`)),
    String(MODTOOLS_PAGE_SIZE),
  ),
});
export type ReportsQuery = v.InferOutput<typeof reportsQuery>;

const ruleText = v.pipe(
  v.optional(v.string('A rule is required.'), ''),
  v.trim(),
  v.nonEmpty('A rule is required.'),
  v.maxLength(RULE_MAX, `A rule has to be at most ${RULE_MAX} characters.`),
);
const ruleDescription = v.optional(
  v.nullable(v.pipe(v.string('Invalid description.'), v.maxLength(RULE_DESCRIPTION_MAX, `A description has to be at most ${RULE_DESCRIPTION_MAX} characters.`))),
  null,
);

/** POST /api/communities/{id}/rules */
export const createRuleBody = v.object({ rule: ruleText, description: ruleDescription });

/** PUT /api/communities/{id}/rules/{ruleId} */
export const updateRuleBody = v.object({
  rule: ruleText,
  description: ruleDescription,
  zIndex: v.optional(
    v.pipe(
      v.number('zIndex has to be a whole number of 0 or more.'),
      v.integer('zIndex has to be a whole number of 0 or more.'),
      v.minValue(0, 'zIndex has to be a whole number of 0 or more.'),
    ),
  ),
});

/** POST /api/community_requests */
export const communityRequestBody = v.object({
  name: v.pipe(
    v.optional(v.string(Messages.communityRequestNameMin), ''),
    v.trim(),
    v.minLength(COMMUNITY_NAME_MIN, Messages.communityRequestNameMin),
    v.maxLength(COMMUNITY_NAME_MAX, `Community name has to have at most ${COMMUNITY_NAME_MAX} characters.`),
  ),
  note: v.optional(
    v.nullable(v.pipe(v.string(), v.maxLength(COMMUNITY_REQUEST_NOTE_MAX, `The note has to be at most ${COMMUNITY_REQUEST_NOTE_MAX} characters.`))),
    null,
  ),
});
