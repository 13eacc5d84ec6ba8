import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import type { Sql } from '../db/connect.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { presentUser } from './present.ts';
import { getUserByName } from './queries.ts';

const userQuery = v.object({ adminsView: v.optional(v.picklist(['true', 'false'], 'adminsView must be true or false.')) });

const usersRoutes: FastifyPluginAsync<{ sql: Sql }> = async (app, { sql }) => {
  app.get<{ Params: { username: string } }>('/users/:username', async (request) => {
    const adminsView = parse(userQuery, request.query).adminsView === 'true';
    if (adminsView && !request.user?.isAdmin) throw forbidden();
    const user = await getUserByName(sql, request.params.username);
    if (!user) throw notFound('User not found.');
    return presentUser(user, request.user, { adminsView });
  });
};

export default usersRoutes;
