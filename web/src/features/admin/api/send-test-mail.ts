import { ApiError } from '@quorum/client/api-error';
import { Messages } from '@quorum/shared/errors';
import { api } from '../../../lib/api-client.ts';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { adminKeys } from './keys.ts';

export const sendTestMail = defineMutation(adminKeys.mutation('test-mail'), () => api.sendTestMail());

/** The refusal the Mail section shows beside its button: the admin's account has no address. */
export function testMailRefusal(error: Error | null): string | null {
  return error instanceof ApiError && error.status === 400 ? error.message : null;
}

/** POST /api/_admin/test_mail: a test message to the admin's own address. */
export function useSendTestMail() {
  const alerts = useAlerts();
  return useDefinedMutation(sendTestMail, {
    meta: { handlesError: (error) => testMailRefusal(error) !== null },
    onSuccess: () => alerts.show(Messages.testMailSent),
  });
}
