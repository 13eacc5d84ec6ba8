import * as v from 'valibot';
import {
  NEW_MEMBER_DAYS_MAX, NEW_MEMBER_POINTS_MAX, WATCHED_WORD_ACTIONS, WATCHED_WORD_PATTERN_MAX, WATCHED_WORD_REPLACEMENT_MAX,
  WATCHED_WORD_RULE_MAX, WATCHED_WORDS_MAX,
} from '../constants.ts';
import { Messages } from '../errors.ts';
import { isWatchablePattern } from '../watched-words.ts';
import { modReason } from './admin.ts';
import { cursorParam } from './common.ts';

export const watchedWord = v.pipe(
  v.object({
    pattern: v.pipe(
      v.string('A watched word is required.'),
      v.trim(),
      v.nonEmpty('A watched word is required.'),
      v.maxLength(WATCHED_WORD_PATTERN_MAX, `A watched word has to be at most ${WATCHED_WORD_PATTERN_MAX} characters.`),
      v.check(isWatchablePattern, Messages.invalidWatchedWord),
    ),
    action: v.picklist(WATCHED_WORD_ACTIONS, 'Unknown action.'),
    replacement: v.optional(v.nullable(v.pipe(
      v.string('Invalid replacement.'),
      v.maxLength(WATCHED_WORD_REPLACEMENT_MAX, `A replacement has to be at most ${WATCHED_WORD_REPLACEMENT_MAX} characters.`),
    )), null),
    rule: v.pipe(
      v.string('A rule is required.'),
      v.trim(),
      v.nonEmpty('A rule is required.'),
      v.maxLength(WATCHED_WORD_RULE_MAX, `A rule has to be at most ${WATCHED_WORD_RULE_MAX} characters.`),
    ),
    appliesToMods: v.optional(v.boolean('appliesToMods must be true or false.'), false),
  }),
  v.check((word) => word.action !== 'replace' || word.replacement !== null, Messages.replacementRequired),
  v.transform((word) => ({ ...word, replacement: word.action === 'replace' ? word.replacement : null })),
);

const words = v.pipe(
  v.array(watchedWord, 'Invalid list of watched words.'),
  v.maxLength(WATCHED_WORDS_MAX, `A list holds at most ${WATCHED_WORDS_MAX} watched words.`),
);

const limit = (max: number, what: string) =>
  v.pipe(v.number(`Invalid ${what}.`), v.integer(`Invalid ${what}.`), v.minValue(0, `Invalid ${what}.`), v.maxValue(max, `The ${what} can be at most ${max}.`));

/** PUT /api/communities/{id}/automod: the whole list and the limits. */
export const communityAutoModBody = v.object({
  words,
  newMembers: v.object({
    minAgeDays: limit(NEW_MEMBER_DAYS_MAX, 'account age'),
    minPoints: limit(NEW_MEMBER_POINTS_MAX, 'points'),
    comments: v.boolean('comments must be true or false.'),
  }),
});

/** PUT /api/automod */
export const siteAutoModBody = v.object({ words });

/** GET /api/communities/{id}/held */
export const heldQuery = v.object({ next: cursorParam });

/** POST /api/communities/{id}/held/{itemId}: approve publishes, remove deletes with the reason given. */
export const heldActionBody = v.object({
  action: v.picklist(['approve', 'remove'], Messages.unknownAction),
  reason: modReason,
});
