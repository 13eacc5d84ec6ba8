import * as v from 'valibot';
import { DRAFT_HREF_MAX, DRAFT_KEY_PATTERN, DRAFT_LABEL_MAX, DRAFT_VALUE_MAX } from '../constants.ts';

const seq = v.pipe(v.number('Invalid sequence number.'), v.safeInteger('Invalid sequence number.'), v.minValue(0, 'Invalid sequence number.'));

/** The key of a draft in a path: `post:new`, `comment:<id>` or `reply:<id>`. */
export const draftKey = v.pipe(v.string(), v.regex(DRAFT_KEY_PATTERN, 'Invalid draft.'));

/** PUT /api/drafts/{key} */
export const saveDraftBody = v.object({
  value: v.pipe(
    v.unknown(),
    v.check((value) => value !== undefined && JSON.stringify(value).length <= DRAFT_VALUE_MAX, `A draft can hold at most ${DRAFT_VALUE_MAX} characters.`),
  ),
  label: v.pipe(v.string('Invalid label.'), v.maxLength(DRAFT_LABEL_MAX, 'Invalid label.')),
  href: v.pipe(v.string('Invalid address.'), v.maxLength(DRAFT_HREF_MAX, 'Invalid address.'), v.regex(/^\/(?![/\\])/, 'Invalid address.')),
  seq,
});

/** DELETE /api/drafts/{key}?seq=: a draft saved again since `seq` stays. */
export const deleteDraftQuery = v.object({
  seq: v.pipe(v.string('Invalid sequence number.'), v.regex(/^\d{1,15}$/, 'Invalid sequence number.'), v.transform(Number)),
});
