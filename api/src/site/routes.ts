import type { FastifyPluginAsync } from 'fastify';
import { siteSettingsBody } from '@quorum/shared/schemas/admin';
import type { SiteSettings } from '@quorum/shared/types';
import { requireUser } from '../auth/plugin.ts';
import type { Sql } from '../db/connect.ts';
import { forbidden } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { getSiteSettings, presentSiteSettings, updateSiteSettings } from './settings.ts';

/** GET and PUT /api/site_settings: the admins' switches for the whole site. */
const siteRoutes: FastifyPluginAsync<{ sql: Sql }> = async (app, { sql }) => {
  app.get('/site_settings', async (request): Promise<SiteSettings> => {
    if (!requireUser(request).isAdmin) throw forbidden();
    return presentSiteSettings(await getSiteSettings(sql));
  });

  app.put('/site_settings', async (request): Promise<SiteSettings> => {
    if (!requireUser(request).isAdmin) throw forbidden();
    await updateSiteSettings(sql, parse(siteSettingsBody, request.body));
    return presentSiteSettings(await getSiteSettings(sql));
  });
};

export default siteRoutes;
