import type { FastifyPluginAsync } from 'fastify';
import type { InitialData } from '@quorum/shared/types';
import { presentCommunity } from '../communities/present.ts';
import { listBannedFrom, listSidebarCommunities } from '../communities/queries.ts';
import type { Sql } from '../db/connect.ts';
import { listOwnLists } from '../lists/queries.ts';
import { listMutes } from '../mutes/queries.ts';
import { listReportReasons } from '../reports/queries.ts';
import { getSiteSettings } from '../site/settings.ts';
import { presentUser } from '../users/present.ts';
import { countUsers } from '../users/queries.ts';

const initialRoutes: FastifyPluginAsync<{ sql: Sql; vapidPublicKey: string }> = async (app, { sql, vapidPublicKey }) => {
  /** Everything the app needs to start, in one round of parallel queries. */
  app.get('/_initial', async (request): Promise<InitialData> => {
    const user = request.user;
    const [communities, reportReasons, settings, noUsers, bannedFrom, mutes, lists] = await Promise.all([
      listSidebarCommunities(sql, user?.id ?? null),
      listReportReasons(sql),
      getSiteSettings(sql),
      countUsers(sql),
      user ? listBannedFrom(sql, user.id) : [],
      user ? listMutes(sql, user.id) : { userMutes: [], communityMutes: [] },
      user ? listOwnLists(sql, user.id) : [],
    ]);
    return {
      user: user ? presentUser(user, user) : null,
      communities: communities.map(presentCommunity),
      reportReasons,
      bannedFrom,
      mutes,
      lists,
      vapidPublicKey,
      noUsers,
      signupsDisabled: settings.signupsDisabled,
      imagePostSubmitReqPoints: settings.imagePostSubmitReqPoints,
      linkPostSubmitReqPoints: settings.linkPostSubmitReqPoints,
    };
  });
};

export default initialRoutes;
