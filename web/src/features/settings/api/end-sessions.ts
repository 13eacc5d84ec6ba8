import { ApiError } from '@quorum/client/api-error';
import type { SessionsEnded } from '@quorum/shared/entities/sessions';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { settingsKeys } from './keys.ts';

export const endSession = defineMutation(settingsKeys.mutation('end-session'), ({ id }: { id: string }) => api.endSession(id));

export const endOtherSessions = defineMutation<void, SessionsEnded>(settingsKeys.mutation('end-other-sessions'), () => api.endOtherSessions());

/** A session that ended meanwhile (it expired, or was ended elsewhere): the list, read again, drops it. */
const alreadyEnded = (error: Error) => error instanceof ApiError && error.status === 404;

/** DELETE /api/sessions/{id}: logs another device out; the list is read again either way. */
export function useEndSession() {
  return useDefinedMutation(endSession, {
    meta: { handlesError: alreadyEnded },
    onSettled: (_result, _error, _variables, _onMutateResult, { client }) => client.invalidateQueries({ queryKey: settingsKeys.sessions() }),
  });
}

/** DELETE /api/sessions?others=true: logs every other device out, this one stays. */
export function useEndOtherSessions() {
  return useDefinedMutation(endOtherSessions, {
    onSettled: (_result, _error, _variables, _onMutateResult, { client }) => client.invalidateQueries({ queryKey: settingsKeys.sessions() }),
  });
}
