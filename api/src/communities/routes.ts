import type { FastifyPluginAsync } from 'fastify';
import { COMMUNITY_SUGGESTIONS_LIMIT } from '@quorum/shared/constants';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import {
  COMMUNITIES_PAGE_DEFAULT, COMMUNITIES_PAGE_MAX, createCommunityBody, getCommunityQuery, joinCommunityBody,
  listCommunitiesQuery, updateCommunityBody,
} from '@quorum/shared/schemas/communities';
import type { CommunitiesPage, Community, CommunitySort } from '@quorum/shared/types';
import { requireUser } from '../auth/plugin.ts';
import type { Sql } from '../db/connect.ts';
import { decodeCursor, encodeCursor } from '../http/cursor.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import type { ImageStore } from '../images/storage.ts';
import { createCommunity } from './actions.ts';
import { assertCanModerate, isId } from './policy.ts';
import { presentCommunity } from './present.ts';
import {
  communityExists, getCommunityById, getCommunityByName, listCommunities, searchCommunities, setMembership,
  updateCommunity, type PageStart,
} from './queries.ts';
import communityImageRoutes from './image-routes.ts';
import ruleRoutes from './rule-routes.ts';

const TIME_VALUE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Where a cursor says the next page starts, checked against the kind of value its sort uses. */
function pageStart(text: string | undefined, sort: CommunitySort): PageStart | undefined {
  const cursor = decodeCursor(text, sort);
  if (!cursor) return undefined;
  const { value, id } = cursor;
  const valid =
    sort === 'size'
      ? typeof value === 'number' && Number.isInteger(value) && value >= 0
      : sort === 'new' || sort === 'old'
        ? typeof value === 'string' && TIME_VALUE.test(value)
        : typeof value === 'string' && value.length <= 64;
  if (!valid || value === null) throw badRequest('Invalid cursor.', ErrorCode.invalidCursor);
  return { value, id };
}

export interface CommunitiesRoutesOptions {
  sql: Sql;
  store: ImageStore;
  /** Largest accepted icon or banner upload in bytes. */
  maxBytes: number;
}

const communitiesRoutes: FastifyPluginAsync<CommunitiesRoutesOptions> = async (app, { sql, store, maxBytes }) => {
  async function loadCommunity(id: string, viewerId: string | null): Promise<Community> {
    const row = isId(id) ? await getCommunityById(sql, id, viewerId) : undefined;
    if (!row) throw notFound(Messages.communityNotFound);
    return presentCommunity(row);
  }

  app.get('/communities', async (request): Promise<CommunitiesPage> => {
    const query = parse(listCommunitiesQuery, request.query);
    const viewerId = request.user?.id ?? null;
    if (query.q) {
      const limit = Math.min(query.limit ?? COMMUNITY_SUGGESTIONS_LIMIT, COMMUNITIES_PAGE_MAX);
      const rows = await searchCommunities(sql, { text: query.q, limit, viewerId });
      return { communities: rows.map(presentCommunity), next: null };
    }
    const limit = Math.min(query.limit ?? COMMUNITIES_PAGE_DEFAULT, COMMUNITIES_PAGE_MAX);
    const after = pageStart(query.next, query.sort);
    // One row past the page tells whether another page follows.
    const rows = await listCommunities(sql, { sort: query.sort, limit: limit + 1, after, viewerId });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      communities: page.map(presentCommunity),
      next: rows.length > limit && last ? encodeCursor({ sort: query.sort, value: last.sortValue, id: last.id }) : null,
    };
  });

  app.post('/communities', async (request, reply): Promise<Community> => {
    const user = requireUser(request);
    const body = parse(createCommunityBody, request.body);
    const id = await createCommunity(sql, user, body);
    reply.code(201);
    return loadCommunity(id, user.id);
  });

  app.get<{ Params: { id: string } }>('/communities/:id', async (request): Promise<Community> => {
    const byName = parse(getCommunityQuery, request.query).byName === 'true';
    const viewerId = request.user?.id ?? null;
    if (!byName) return loadCommunity(request.params.id, viewerId);
    const row = await getCommunityByName(sql, request.params.id, viewerId);
    if (!row) throw notFound(Messages.communityNotFound);
    return presentCommunity(row);
  });

  app.put<{ Params: { id: string } }>('/communities/:id', async (request): Promise<Community> => {
    const user = requireUser(request);
    await assertCanModerate(sql, user, request.params.id);
    const body = parse(updateCommunityBody, request.body);
    await updateCommunity(sql, request.params.id, body);
    return loadCommunity(request.params.id, user.id);
  });

  app.post('/_joinCommunity', async (request): Promise<Community> => {
    const user = requireUser(request);
    const body = parse(joinCommunityBody, request.body);
    if (!isId(body.communityId) || !(await communityExists(sql, body.communityId))) {
      throw notFound(Messages.communityNotFound);
    }
    await setMembership(sql, body.communityId, user.id, !body.leave);
    return loadCommunity(body.communityId, user.id);
  });

  await app.register(ruleRoutes, { sql });
  await app.register(communityImageRoutes, { sql, store, maxBytes, loadCommunity });
};

export default communitiesRoutes;
