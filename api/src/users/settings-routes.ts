import type { FastifyPluginAsync } from 'fastify';
import { changePasswordBody, confirmEmailBody, reauthBody, settingsQuery, updateProfileBody } from '@quorum/shared/schemas/users';
import { Success } from '@quorum/shared/entities/schema';
import { UserOrSuccess, type User } from '@quorum/shared/entities/users';
import { markChecked, requireRecentCheck } from '../auth/recent-check.ts';
import { requireUser } from '../auth/plugin.ts';
import type { Sql } from '../db/connect.ts';
import { sends } from '../http/answer-schema.ts';
import { parse } from '../http/validate.ts';
import { assertPassword, changePassword } from './credentials.ts';
import { addressChanged, confirmEmail, passwordChanged, requestEmailConfirmation } from './email-confirmation.ts';
import type { ScryptCost } from './passwords.ts';
import { presentUser } from './present.ts';
import { loadUser, updateProfile } from './queries.ts';

export interface SettingsRoutesOptions {
  sql: Sql;
  /** scrypt cost of new password hashes. */
  cost: ScryptCost;
}

const sameAddress = (a: string | null, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();

const settingsRoutes: FastifyPluginAsync<SettingsRoutesOptions> = async (app, { sql, cost }) => {
  app.post('/_settings', {
    schema: sends(UserOrSuccess),
    config: { limit: 'settings' },
  }, async (request, reply): Promise<User | { success: true }> => {
    const { id } = requireUser(request);
    const { action } = parse(settingsQuery, request.query);

    if (action === 'changePassword') {
      await changePassword(sql, id, parse(changePasswordBody, request.body), cost);
      await passwordChanged(sql, app.jobs, id);
      // Every other device is logged out; this one carries on in a fresh session.
      await reply.startSession(id);
      return { success: true };
    }

    const changes = parse(updateProfileBody, request.body);
    const before = await loadUser(sql, id);
    const newAddress = changes.email !== undefined && !sameAddress(before.email, changes.email);
    // Whoever changes the address controls how the account is recovered: they prove who they are first.
    if (newAddress) await requireRecentCheck(sql, request);
    await updateProfile(sql, id, changes);
    if (newAddress) await addressChanged(sql, app.jobs, id, before.email);
    const updated = await loadUser(sql, id);
    return presentUser(updated, updated);
  });

  // The password asked again before a sensitive change (an email address, the second step, passkeys).
  app.post('/_reauth', { schema: sends(Success), config: { limit: 'login' } }, async (request) => {
    const { id } = requireUser(request);
    await assertPassword(sql, id, parse(reauthBody, request.body).password);
    await markChecked(sql, request);
    return { success: true as const };
  });

  // Another link to confirm the account's email address.
  app.post('/_email_confirmation', { schema: sends(Success), config: { limit: 'settings' } }, async (request) => {
    await requestEmailConfirmation(sql, app.jobs, requireUser(request).id);
    return { success: true as const };
  });

  // Following the link: it proves the address, whoever opens it and on whatever device.
  app.post('/_confirm_email', { schema: sends(Success), config: { limit: 'confirmEmail' } }, async (request) => {
    await confirmEmail(sql, parse(confirmEmailBody, request.body).token);
    return { success: true as const };
  });
};

export default settingsRoutes;
