import type { FastifyPluginAsync } from 'fastify';
import { CommunityAutoMod, SiteAutoMod } from '@quorum/shared/entities/automod';
import { communityAutoModBody, siteAutoModBody } from '@quorum/shared/schemas/automod';
import { requireAdmin, requireUser } from '../auth/plugin.ts';
import { assertCanModerate } from '../content/community-load.ts';
import type { Sql } from '../db/connect.ts';
import { sends } from '../http/answer-schema.ts';
import { parse } from '../http/validate.ts';
import { readCommunityAutoMod, readSiteAutoMod, saveCommunityAutoMod, saveSiteAutoMod } from './actions.ts';

type Params = { Params: { id: string } };

/** Watched words and new-member limits: a community's for its mods and admins, the site's for admins. */
const autoModRoutes: FastifyPluginAsync<{ sql: Sql }> = async (app, { sql }) => {
  app.get<Params>('/communities/:id/automod', { schema: sends(CommunityAutoMod) }, async (request) =>
    readCommunityAutoMod(sql, requireUser(request), request.params.id),
  );

  app.put<Params>('/communities/:id/automod', { schema: sends(CommunityAutoMod) }, async (request) => {
    const user = requireUser(request);
    await assertCanModerate(sql, user, request.params.id);
    return saveCommunityAutoMod(sql, user, request.params.id, parse(communityAutoModBody, request.body));
  });

  app.get('/automod', { schema: sends(SiteAutoMod) }, async (request) => {
    requireAdmin(request);
    return readSiteAutoMod(sql);
  });

  app.put('/automod', { schema: sends(SiteAutoMod) }, async (request) => {
    const admin = requireAdmin(request);
    return saveSiteAutoMod(sql, admin, parse(siteAutoModBody, request.body));
  });
};

export default autoModRoutes;
