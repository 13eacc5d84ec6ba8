import * as v from 'valibot';
import { cursorParam, flagParam } from './common.ts';

const format = v.optional(v.picklist(['', 'html'], 'Unsupported format: use format=html or none.'));

/** GET /api/notifications */
export const notificationsQuery = v.object({ render: flagParam('Give render=true or render=false.'), format, next: cursorParam });

/** POST /api/notifications */
export const notificationsActionQuery = v.variant('action', [
  v.object({ action: v.literal('resetNewCount') }),
  v.object({
    action: v.literal('markAllAsSeen'),
    type: v.optional(v.picklist(['', 'new_votes'], 'Give type=new_votes or no type.')),
  }),
  v.object({ action: v.literal('deleteAll') }),
], 'Give action=resetNewCount, markAllAsSeen or deleteAll.');

/** PUT /api/notifications/{id} */
export const notificationActionQuery = v.object({
  action: v.literal('markAsSeen', 'Give action=markAsSeen.'),
  seen: v.picklist(['true', 'false'], 'Give seen=true or seen=false.'),
  seenFrom: v.optional(v.picklist(['webpush'], 'Give seenFrom=webpush or nothing.')),
  render: flagParam('Give render=true or render=false.'),
  format,
});

/** DELETE /api/notifications/{id} */
export const notificationDeleteQuery = v.object({ render: flagParam('Give render=true or render=false.'), format });
