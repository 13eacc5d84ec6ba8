import { ApiError } from '@quorum/client/api-error';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { settingsKeys } from './keys.ts';

export const requestEmailConfirmation = defineMutation<void, { success: true }>(settingsKeys.mutation('request-email-confirmation'), () =>
  api.requestEmailConfirmation(),
);

/** POST /api/_email_confirmation: another confirmation link; too many within the hour is the section's to say. */
export function useRequestEmailConfirmation() {
  return useDefinedMutation(requestEmailConfirmation, {
    meta: { handlesError: (error) => error instanceof ApiError && error.status >= 400 && error.status < 500 },
  });
}
