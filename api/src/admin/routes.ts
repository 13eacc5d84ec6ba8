import type { FastifyPluginAsync } from 'fastify';
import { Messages } from '@quorum/shared/errors';
import { adminActionBody } from '@quorum/shared/schemas/admin';
import { requireAdmin } from '../auth/plugin.ts';
import { deleteDefaultCommunity, getCommunityIdByName, insertDefaultCommunity } from '../communities/queries.ts';
import type { Sql } from '../db/connect.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';

const adminRoutes: FastifyPluginAsync<{ sql: Sql }> = async (app, { sql }) => {
  app.post('/_admin', async (request): Promise<{ success: true }> => {
    requireAdmin(request);
    const body = parse(adminActionBody, request.body);
    switch (body.action) {
      case 'add_default_forum':
      case 'remove_default_forum': {
        const communityId = await getCommunityIdByName(sql, body.name);
        if (!communityId) throw notFound(Messages.communityNotFound);
        if (body.action === 'add_default_forum') await insertDefaultCommunity(sql, communityId);
        else await deleteDefaultCommunity(sql, communityId);
        return { success: true };
      }
      default:
        throw badRequest(Messages.unknownAction);
    }
  });
};

export default adminRoutes;
