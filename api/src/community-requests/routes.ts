import type { FastifyPluginAsync } from 'fastify';
import { adminPageQuery } from '@quorum/shared/schemas/admin';
import { communityRequestBody } from '@quorum/shared/schemas/communities';
import { CommunityRequest, CommunityRequests } from '@quorum/shared/entities/community-requests';
import { Success } from '@quorum/shared/entities/schema';
import { requireAdmin, requireUser } from '../auth/plugin.ts';
import type { Sql } from '../db/connect.ts';
import { sends } from '../http/answer-schema.ts';
import { linkNextPage } from '../http/cursor.ts';
import { parse } from '../http/validate.ts';
import { createCommunityRequest, deleteCommunityRequest, listCommunityRequests } from './actions.ts';
import { presentCommunityRequest } from './present.ts';

export interface CommunityRequestsRoutesOptions {
  sql: Sql;
}

/** Users ask for a new community; admins read the requests and remove them (denying is an _admin action). */
const communityRequestsRoutes: FastifyPluginAsync<CommunityRequestsRoutesOptions> = async (app, { sql }) => {
  app.post('/community_requests', {
    schema: sends(CommunityRequest),
    config: { limit: 'communityRequest' },
  }, async (request, reply) => {
    const user = requireUser(request);
    const body = parse(communityRequestBody, request.body);
    const created = await createCommunityRequest(sql, user.id, body);
    return reply.code(201).send(presentCommunityRequest(created));
  });

  // A bare array, as the reference answers it; the next page's address is in a `Link` header.
  app.get('/community_requests', { schema: sends(CommunityRequests) }, async (request, reply): Promise<CommunityRequest[]> => {
    requireAdmin(request);
    const page = await listCommunityRequests(sql, parse(adminPageQuery, request.query).next);
    linkNextPage(reply, '/api/community_requests', {}, page.next);
    return page.rows.map(presentCommunityRequest);
  });

  app.delete<{ Params: { id: string } }>('/community_requests/:id', { schema: sends(Success) }, async (request): Promise<{ success: true }> => {
    const admin = requireAdmin(request);
    await deleteCommunityRequest(sql, admin, request.params.id);
    return { success: true };
  });
};

export default communityRequestsRoutes;
