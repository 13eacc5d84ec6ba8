import type { FastifyPluginAsync } from 'fastify';
import { COMMUNITY_SUGGESTIONS_LIMIT } from '@quorum/shared/constants';
import {
  COMMUNITIES_PAGE_DEFAULT, COMMUNITIES_PAGE_MAX, createCommunityBody, getCommunityQuery, joinCommunityBody,
  listCommunitiesQuery, updateCommunityBody,
} from '@quorum/shared/schemas/communities';
import { Communities, Community, type CommunitySort } from '@quorum/shared/entities/communities';
import { requireUser } from '../auth/plugin.ts';
import { assertCanModerate, assertNotBanned, loadCommunity, loadCommunityByName } from '../content/community-load.ts';
import { presentCommunity } from '../content/community-present.ts';
import type { Sql } from '../db/connect.ts';
import { sends } from '../http/answer-schema.ts';
import { cursorValue, decodeCursor, linkNextPage, pageOf, type CursorValueCheck } from '../http/cursor.ts';
import { parse } from '../http/validate.ts';
import type { ImageStore } from '../images/storage.ts';
import { createCommunity, editCommunity } from './actions.ts';
import communityImageRoutes from './image-routes.ts';
import modRoutes from './mod-routes.ts';
import { listCommunities, searchCommunities, setMembership, type PageStart } from './queries.ts';
import ruleRoutes from './rule-routes.ts';

const TIME_VALUE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A creation time as the `new` and `old` sorts write it, naming a moment the calendar has. */
function isTimeValue(value: unknown): boolean {
  if (typeof value !== 'string' || !TIME_VALUE.test(value)) return false;
  const time = new Date(value);
  // Date rolls 30 February over into March; Postgres refuses it, and so do we.
  return !Number.isNaN(time.getTime()) && time.getUTCFullYear() >= 1 && time.toISOString().slice(0, 19) === value.slice(0, 19);
}

const isName = (value: unknown) => typeof value === 'string' && value.length <= 64;

const COMMUNITY_CURSOR_VALUE: Record<CommunitySort, CursorValueCheck> = {
  size: cursorValue.natural,
  new: isTimeValue,
  old: isTimeValue,
  name_asc: isName,
  name_dsc: isName,
};

/** Where a cursor says the next page starts, checked against the kind of value its sort uses. */
function pageStart(text: string | undefined, sort: CommunitySort): PageStart | undefined {
  const cursor = decodeCursor(text, sort, COMMUNITY_CURSOR_VALUE[sort]);
  if (!cursor || cursor.value === null) return undefined;
  return { value: cursor.value, id: cursor.id };
}

export interface CommunitiesRoutesOptions {
  sql: Sql;
  store: ImageStore;
  /** Largest accepted icon or banner upload in bytes. */
  maxBytes: number;
}

const communitiesRoutes: FastifyPluginAsync<CommunitiesRoutesOptions> = async (app, { sql, store, maxBytes }) => {
  // A bare array, as the reference documents it; the next page's address is in a `Link` header.
  app.get('/communities', { schema: sends(Communities) }, async (request, reply): Promise<Community[]> => {
    const query = parse(listCommunitiesQuery, request.query);
    const viewerId = request.user?.id ?? null;
    if (query.q) {
      const limit = Math.min(query.limit ?? COMMUNITY_SUGGESTIONS_LIMIT, COMMUNITIES_PAGE_MAX);
      const rows = await searchCommunities(sql, { text: query.q, limit, viewerId });
      return rows.map(presentCommunity);
    }
    const limit = Math.min(query.limit ?? COMMUNITIES_PAGE_DEFAULT, COMMUNITIES_PAGE_MAX);
    const rows = await listCommunities(sql, { sort: query.sort, limit, after: pageStart(query.next, query.sort), viewerId });
    const page = pageOf(rows, limit, (last) => ({ sort: query.sort, value: last.sortValue, id: last.id }));
    linkNextPage(reply, '/api/communities', { sort: query.sort, limit: String(limit) }, page.next);
    return page.rows.map(presentCommunity);
  });

  app.post('/communities', { schema: sends(Community) }, async (request, reply): Promise<Community> => {
    const user = requireUser(request);
    const body = parse(createCommunityBody, request.body);
    const id = await createCommunity(sql, user, body);
    reply.code(201);
    return presentCommunity(await loadCommunity(sql, id, user.id));
  });

  app.get<{ Params: { id: string } }>('/communities/:id', { schema: sends(Community) }, async (request): Promise<Community> => {
    const byName = parse(getCommunityQuery, request.query).byName === 'true';
    const viewerId = request.user?.id ?? null;
    const row = byName ? await loadCommunityByName(sql, request.params.id, viewerId) : await loadCommunity(sql, request.params.id, viewerId);
    return presentCommunity(row);
  });

  app.put<{ Params: { id: string } }>('/communities/:id', { schema: sends(Community) }, async (request): Promise<Community> => {
    const user = requireUser(request);
    await assertCanModerate(sql, user, request.params.id);
    const body = parse(updateCommunityBody, request.body);
    await editCommunity(sql, request.params.id, user, body);
    return presentCommunity(await loadCommunity(sql, request.params.id, user.id));
  });

  app.post('/_joinCommunity', { schema: sends(Community), config: { idempotent: true } }, async (request): Promise<Community> => {
    const user = requireUser(request);
    const body = parse(joinCommunityBody, request.body);
    const community = await loadCommunity(sql, body.communityId, user.id);
    if (!body.leave) await assertNotBanned(sql, community, user.id);
    await setMembership(sql, body.communityId, user.id, !body.leave);
    return presentCommunity(await loadCommunity(sql, body.communityId, user.id));
  });

  await app.register(ruleRoutes, { sql });
  await app.register(modRoutes, { sql });
  await app.register(communityImageRoutes, { sql, store, maxBytes });
};

export default communitiesRoutes;
