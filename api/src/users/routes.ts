import type { FastifyPluginAsync } from 'fastify';
import { Messages } from '@quorum/shared/errors';
import { getUserQuery } from '@quorum/shared/schemas/users';
import type { Sql } from '../db/connect.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { presentUser } from './present.ts';
import { getUserByName } from './queries.ts';

const usersRoutes: FastifyPluginAsync<{ sql: Sql }> = async (app, { sql }) => {
  app.get<{ Params: { username: string } }>('/users/:username', async (request) => {
    const adminsView = parse(getUserQuery, request.query).adminsView === 'true';
    if (adminsView && !request.user?.isAdmin) throw forbidden();
    const user = await getUserByName(sql, request.params.username);
    if (!user) throw notFound(Messages.userNotFound);
    return presentUser(user, request.user, { adminsView });
  });
};

export default usersRoutes;
