import type { FastifyPluginAsync } from 'fastify';
import { adminActionBody } from '@quorum/shared/schemas/admin';
import { Success } from '@quorum/shared/entities/schema';
import { SiteHealth } from '@quorum/shared/entities/site';
import { requireAdmin } from '../auth/plugin.ts';
import { setDefaultCommunity } from '../communities/actions.ts';
import { denyCommunityRequest } from '../community-requests/actions.ts';
import type { Config } from '../config.ts';
import type { Sql } from '../db/connect.ts';
import { sends } from '../http/answer-schema.ts';
import { parse } from '../http/validate.ts';
import { banUser, unbanUser, type AddressBlocker } from './actions.ts';
import { siteHealth } from './health.ts';
import { sendTestMail } from './test-mail.ts';

const adminRoutes: FastifyPluginAsync<{ sql: Sql; blocker: AddressBlocker; config: Config }> = async (app, { sql, blocker, config }) => {
  app.get('/_admin/health', { schema: sends(SiteHealth) }, async (request): Promise<SiteHealth> => {
    requireAdmin(request);
    return siteHealth(sql, app.jobs, config);
  });

  app.post('/_admin/test_mail', { schema: sends(Success) }, async (request) => {
    await sendTestMail(sql, app.jobs, requireAdmin(request));
    return { success: true as const };
  });

  app.post('/_admin', { schema: sends(Success) }, async (request): Promise<{ success: true }> => {
    const admin = requireAdmin(request);
    const body = parse(adminActionBody, request.body);
    switch (body.action) {
      case 'ban_user':
        await banUser(sql, app.jobs, blocker, admin, body);
        return { success: true };
      case 'unban_user':
        await unbanUser(sql, admin, body.username);
        return { success: true };
      case 'deny_comm':
        await denyCommunityRequest(sql, app.jobs, admin, body);
        return { success: true };
      case 'add_default_forum':
      case 'remove_default_forum':
        await setDefaultCommunity(sql, admin, body.name, body.action === 'add_default_forum');
        return { success: true };
    }
  });
};

export default adminRoutes;
