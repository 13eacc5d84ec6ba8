import type { FastifyPluginAsync } from 'fastify';
import { isUuid } from '@quorum/shared/schemas/common';
import { clearMutesQuery, muteBody } from '@quorum/shared/schemas/mutes';
import { Mute, Mutes } from '@quorum/shared/entities/mutes';
import { Success } from '@quorum/shared/entities/schema';
import { requireUser } from '../auth/plugin.ts';
import type { Sql } from '../db/connect.ts';
import { sends } from '../http/answer-schema.ts';
import { parse } from '../http/validate.ts';
import { muteCommunity, muteUser } from './actions.ts';
import { presentCommunityMute, presentMutes, presentUserMute } from './present.ts';
import * as q from './queries.ts';

const mutesRoutes: FastifyPluginAsync<{ sql: Sql }> = async (app, { sql }) => {
  app.get('/mutes', { schema: sends(Mutes) }, async (request): Promise<Mutes> => presentMutes(await q.listMutes(sql, requireUser(request).id)));

  /** Mutes a user (their posts leave every feed) or a community (it leaves the All feed). */
  app.post('/mutes', { schema: sends(Mute), config: { idempotent: true } }, async (request, reply): Promise<Mute> => {
    const user = requireUser(request);
    const { userId, communityId = '' } = parse(muteBody, request.body);
    const mute = userId ? presentUserMute(await muteUser(sql, user.id, userId)) : presentCommunityMute(await muteCommunity(sql, user.id, communityId));
    return reply.code(201).send(mute);
  });

  app.delete<{ Params: { id: string } }>('/mutes/users/:id', { schema: sends(Success), config: { idempotent: true } }, async (request) => {
    const user = requireUser(request);
    if (isUuid(request.params.id)) await q.deleteMute(sql, user.id, 'user', request.params.id);
    return { success: true };
  });

  app.delete<{ Params: { id: string } }>('/mutes/communities/:id', {
    schema: sends(Success),
    config: { idempotent: true },
  }, async (request) => {
    const user = requireUser(request);
    if (isUuid(request.params.id)) await q.deleteMute(sql, user.id, 'community', request.params.id);
    return { success: true };
  });

  app.delete('/mutes', { schema: sends(Success), config: { idempotent: true } }, async (request) => {
    const user = requireUser(request);
    await q.deleteAllMutes(sql, user.id, parse(clearMutesQuery, request.query).type);
    return { success: true };
  });
};

export default mutesRoutes;
