import type { FastifyPluginAsync } from 'fastify';
import { MODLOG_PAGE_SIZE } from '@quorum/shared/constants';
import { ModLogPage } from '@quorum/shared/entities/modlog';
import { modLogQuery } from '@quorum/shared/schemas/admin';
import { isUuid } from '@quorum/shared/schemas/common';
import { getStanding } from '../content/community-queries.ts';
import { loadCommunity, loadCommunityByName } from '../content/community-load.ts';
import type { Sql } from '../db/connect.ts';
import { sends } from '../http/answer-schema.ts';
import { cursorValue, decodeCursor, pageOf } from '../http/cursor.ts';
import { forbidden } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { getSiteSettings } from '../site/settings.ts';
import { presentModAction, type ModLogViewer } from './present.ts';
import { getUserIdByName, listModActions, type ModLogFilter } from './queries.ts';

const SORT = 'modlog';

/** The moderation logs: a community's, and the site's (what admins did site-wide). Anyone may read them. */
const modLogRoutes: FastifyPluginAsync<{ sql: Sql }> = async (app, { sql }) => {
  async function readPage(filter: ModLogFilter, next: string | undefined, viewer: ModLogViewer): Promise<ModLogPage> {
    const cursor = decodeCursor(next, SORT, cursorValue.none);
    const rows = await listModActions(sql, { ...filter, beforeId: cursor?.id }, MODLOG_PAGE_SIZE);
    const page = pageOf(rows, MODLOG_PAGE_SIZE, (last) => ({ sort: SORT, value: null, id: last.id }));
    return { actions: page.rows.map((row) => presentModAction(row, viewer)), next: page.next };
  }

  /** `id` is the community's id or its name. */
  app.get<{ Params: { id: string } }>('/communities/:id/modlog', { schema: sends(ModLogPage) }, async (request): Promise<ModLogPage> => {
    const query = parse(modLogQuery, request.query);
    const user = request.user;
    const { id } = request.params;
    const community = isUuid(id) ? await loadCommunity(sql, id, null) : await loadCommunityByName(sql, id, null);
    const [settings, standing] = await Promise.all([getSiteSettings(sql), getStanding(sql, community.id, user?.id ?? null)]);
    const isMod = standing.isMod;
    const viewer = { isAdmin: Boolean(user?.isAdmin), privileged: Boolean(user?.isAdmin) || isMod, namesShown: settings.modLogNames };
    const filter: ModLogFilter = { communityId: community.id, kind: query.kind };
    if (query.mod) {
      // Picking a moderator's entries would tell who did them.
      if (!viewer.namesShown && !viewer.privileged) throw forbidden();
      const actorId = await getUserIdByName(sql, query.mod);
      if (!actorId) return { actions: [], next: null };
      filter.actorId = actorId;
    }
    return readPage(filter, query.next, viewer);
  });

  app.get('/modlog', { schema: sends(ModLogPage) }, async (request): Promise<ModLogPage> => {
    const query = parse(modLogQuery, request.query);
    const isAdmin = Boolean(request.user?.isAdmin);
    const settings = await getSiteSettings(sql);
    return readPage({ communityId: null, kind: query.kind }, query.next, { isAdmin, privileged: isAdmin, namesShown: settings.modLogNames });
  });
};

export default modLogRoutes;
