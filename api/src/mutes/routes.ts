import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { muteBody } from '@quorum/shared/schemas/mutes';
import type { Mute, Mutes } from '@quorum/shared/types';
import { requireUser } from '../auth/plugin.ts';
import type { Sql } from '../db/connect.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import * as q from './queries.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const clearQuery = v.object({ type: v.picklist(['user', 'community'], 'Give type=user or type=community.') });

const mutesRoutes: FastifyPluginAsync<{ sql: Sql }> = async (app, { sql }) => {
  app.get('/mutes', async (request): Promise<Mutes> => q.listMutes(sql, requireUser(request).id));

  /** Mutes a user (their posts leave every feed) or a community (it leaves the All feed). */
  app.post('/mutes', async (request, reply): Promise<Mute> => {
    const user = requireUser(request);
    const body = parse(muteBody, request.body);
    if (body.userId) {
      const [target] = UUID.test(body.userId) ? await sql`select id from users where id = ${body.userId}` : [];
      if (!target) throw notFound('User not found.');
      if (body.userId === user.id) throw badRequest('You cannot mute yourself.');
      await q.insertUserMute(sql, user.id, body.userId);
    } else if (body.communityId) {
      const [target] = UUID.test(body.communityId) ? await sql`select id from communities where id = ${body.communityId} and deleted_at is null` : [];
      if (!target) throw notFound('Community not found.');
      await q.insertCommunityMute(sql, user.id, body.communityId);
    }
    const mutes = await q.listMutes(sql, user.id);
    const mute = [...mutes.userMutes, ...mutes.communityMutes].find(
      (m) => m.mutedUserId === body.userId || m.mutedCommunityId === body.communityId,
    );
    if (!mute) throw new Error('the new mute is missing');
    return reply.code(201).send(mute);
  });

  app.delete<{ Params: { id: string } }>('/mutes/users/:id', async (request) => {
    const user = requireUser(request);
    if (UUID.test(request.params.id)) await q.deleteUserMute(sql, user.id, request.params.id);
    return { success: true };
  });

  app.delete<{ Params: { id: string } }>('/mutes/communities/:id', async (request) => {
    const user = requireUser(request);
    if (UUID.test(request.params.id)) await q.deleteCommunityMute(sql, user.id, request.params.id);
    return { success: true };
  });

  app.delete('/mutes', async (request) => {
    const user = requireUser(request);
    await q.deleteAllMutes(sql, user.id, parse(clearQuery, request.query).type);
    return { success: true };
  });
};

export default mutesRoutes;
