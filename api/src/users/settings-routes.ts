import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { ErrorCode } from '@quorum/shared/errors';
import { changePasswordBody, updateProfileBody } from '@quorum/shared/schemas/users';
import type { User } from '@quorum/shared/types';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { requireUser } from '../auth/plugin.ts';
import { deleteUserSessions } from '../auth/session-queries.ts';
import type { Sql } from '../db/connect.ts';
import { HttpError } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { presentUser } from './present.ts';
import { getUserById, updatePasswordHash, updateProfile } from './queries.ts';

const settingsQuery = v.object({ action: v.picklist(['changePassword', 'updateProfile'], 'Unknown action.') });

const settingsRoutes: FastifyPluginAsync<{ sql: Sql; limits: { settings: object } | false }> = async (app, { sql, limits }) => {
  app.post('/_settings', { config: { rateLimit: limits && limits.settings } }, async (request, reply): Promise<User | { success: true }> => {
    const user = requireUser(request);
    const { action } = parse(settingsQuery, request.query);

    if (action === 'changePassword') {
      const body = parse(changePasswordBody, request.body);
      if (!(await verifyPassword(body.password, user.passwordHash))) {
        throw new HttpError(401, ErrorCode.wrongCredentials, 'Incorrect previous password');
      }
      await updatePasswordHash(sql, user.id, await hashPassword(body.newPassword));
      // Every other device is logged out; this one carries on in a fresh session.
      await deleteUserSessions(sql, user.id);
      await reply.startSession(user.id);
      return { success: true };
    }

    await updateProfile(sql, user.id, parse(updateProfileBody, request.body));
    const updated = await getUserById(sql, user.id);
    if (!updated) throw new Error('user vanished while updating the profile');
    return presentUser(updated, updated);
  });
};

export default settingsRoutes;
