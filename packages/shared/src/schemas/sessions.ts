import * as v from 'valibot';

const GIVE_OTHERS = 'Give others=true to end every other session; log out to end this one.';

/** DELETE /api/sessions: ends every session of the member but the current one. */
export const endSessionsQuery = v.object({ others: v.literal('true', GIVE_OTHERS) }, GIVE_OTHERS);
