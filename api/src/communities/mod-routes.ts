import type { FastifyPluginAsync } from 'fastify';
import { addModBody, communityBanBody, communityUnbanBody, moveModBody } from '@quorum/shared/schemas/communities';
import { User, Users } from '@quorum/shared/entities/users';
import { requireUser } from '../auth/plugin.ts';
import type { Sql } from '../db/connect.ts';
import { sends } from '../http/answer-schema.ts';
import { parse } from '../http/validate.ts';
import { banFromCommunity, listBanned, unbanFromCommunity } from './bans.ts';
import { addMod, listMods, moveMod, removeMod } from './mods.ts';

type Params = { Params: { id: string } };
type ModParams = { Params: { id: string; username: string } };

/** A community's mods and bans. */
const modRoutes: FastifyPluginAsync<{ sql: Sql }> = async (app, { sql }) => {
  app.get<Params>('/communities/:id/mods', { schema: sends(Users) }, async (request): Promise<User[]> => listMods(sql, request.params.id));

  app.post<Params>('/communities/:id/mods', { schema: sends(Users) }, async (request): Promise<User[]> => {
    const user = requireUser(request);
    const { username } = parse(addModBody, request.body);
    return addMod(sql, app.jobs, user, request.params.id, username);
  });

  app.delete<ModParams>('/communities/:id/mods/:username', { schema: sends(Users) }, async (request): Promise<User[]> => {
    const user = requireUser(request);
    return removeMod(sql, user, request.params.id, request.params.username);
  });

  app.put<ModParams>('/communities/:id/mods/:username', { schema: sends(Users) }, async (request): Promise<User[]> => {
    const user = requireUser(request);
    const { position } = parse(moveModBody, request.body);
    return moveMod(sql, user, request.params.id, request.params.username, position);
  });

  app.get<Params>('/communities/:id/banned', { schema: sends(Users) }, async (request): Promise<User[]> => {
    const user = requireUser(request);
    return listBanned(sql, user, request.params.id);
  });

  app.post<Params>('/communities/:id/banned', { schema: sends(User) }, async (request): Promise<User> => {
    const user = requireUser(request);
    return banFromCommunity(sql, user, request.params.id, parse(communityBanBody, request.body));
  });

  app.delete<Params>('/communities/:id/banned', { schema: sends(User) }, async (request): Promise<User> => {
    const user = requireUser(request);
    return unbanFromCommunity(sql, user, request.params.id, parse(communityUnbanBody, request.body).username);
  });
};

export default modRoutes;
