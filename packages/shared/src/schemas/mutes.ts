import * as v from 'valibot';
import { MUTE_TYPES } from '../constants.ts';
import { id } from './common.ts';

/** POST /api/mutes: exactly one of userId or communityId. */
export const muteBody = v.pipe(
  v.object({ userId: v.optional(id), communityId: v.optional(id) }),
  v.check((body) => (body.userId === undefined) !== (body.communityId === undefined), 'Give either userId or communityId.'),
);

/** DELETE /api/mutes: clears every mute of a type. */
export const clearMutesQuery = v.object({ type: v.picklist(MUTE_TYPES, 'Give type=user or type=community.') });
