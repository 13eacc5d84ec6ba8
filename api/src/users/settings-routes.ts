import type { FastifyPluginAsync } from 'fastify';
import { changePasswordBody, settingsQuery, updateProfileBody } from '@quorum/shared/schemas/users';
import { UserOrSuccess, type User } from '@quorum/shared/entities/users';
import { requireUser } from '../auth/plugin.ts';
import type { Sql } from '../db/connect.ts';
import { sends } from '../http/answer-schema.ts';
import { parse } from '../http/validate.ts';
import { changePassword } from './credentials.ts';
import type { ScryptCost } from './passwords.ts';
import { presentUser } from './present.ts';
import { loadUser, updateProfile } from './queries.ts';

export interface SettingsRoutesOptions {
  sql: Sql;
  /** scrypt cost of new password hashes. */
  cost: ScryptCost;
}

const settingsRoutes: FastifyPluginAsync<SettingsRoutesOptions> = async (app, { sql, cost }) => {
  app.post('/_settings', {
    schema: sends(UserOrSuccess),
    config: { limit: 'settings' },
  }, async (request, reply): Promise<User | { success: true }> => {
    const { id } = requireUser(request);
    const { action } = parse(settingsQuery, request.query);

    if (action === 'changePassword') {
      await changePassword(sql, id, parse(changePasswordBody, request.body), cost);
      // Every other device is logged out; this one carries on in a fresh session.
      await reply.startSession(id);
      return { success: true };
    }

    await updateProfile(sql, id, parse(updateProfileBody, request.body));
    const updated = await loadUser(sql, id);
    return presentUser(updated, updated);
  });
};

export default settingsRoutes;
