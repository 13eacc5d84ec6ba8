import * as v from 'valibot';
import { id } from './common.ts';

/** POST /api/mutes: exactly one of userId or communityId. */
export const muteBody = v.pipe(
  v.object({ userId: v.optional(id), communityId: v.optional(id) }),
  v.check((body) => (body.userId === undefined) !== (body.communityId === undefined), 'Give either userId or communityId.'),
);
