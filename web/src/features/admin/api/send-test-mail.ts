import { Messages } from '@quorum/shared/errors';
import { api } from '../../../lib/api-client.ts';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { adminKeys } from './keys.ts';

export const sendTestMail = defineMutation(adminKeys.mutation('test-mail'), () => api.sendTestMail());

/** POST /api/_admin/test_mail: a test message to the admin's own address. */
export function useSendTestMail() {
  const alerts = useAlerts();
  return useDefinedMutation(sendTestMail, { onSuccess: () => alerts.show(Messages.testMailSent) });
}
