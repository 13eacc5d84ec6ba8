import type { FastifyPluginAsync } from 'fastify';
import { siteSettingsBody } from '@quorum/shared/schemas/admin';
import { SiteSettings } from '@quorum/shared/entities/site';
import { requireAdmin } from '../auth/plugin.ts';
import type { Sql } from '../db/connect.ts';
import { sends } from '../http/answer-schema.ts';
import { parse } from '../http/validate.ts';
import { presentSiteSettings } from './present.ts';
import { getSiteSettings, updateSiteSettings } from './settings.ts';

/** GET and PUT /api/site_settings: the admins' switches for the whole site. */
const siteRoutes: FastifyPluginAsync<{ sql: Sql }> = async (app, { sql }) => {
  app.get('/site_settings', { schema: sends(SiteSettings) }, async (request): Promise<SiteSettings> => {
    requireAdmin(request);
    return presentSiteSettings(await getSiteSettings(sql));
  });

  app.put('/site_settings', { schema: sends(SiteSettings) }, async (request): Promise<SiteSettings> => {
    requireAdmin(request);
    await updateSiteSettings(sql, parse(siteSettingsBody, request.body));
    return presentSiteSettings(await getSiteSettings(sql));
  });
};

export default siteRoutes;
