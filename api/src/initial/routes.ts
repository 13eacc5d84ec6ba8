import type { FastifyPluginAsync } from 'fastify';
import type { InitialData } from '@quorum/shared/types';
import { presentCommunity } from '../communities/present.ts';
import { listBannedFrom, listSidebarCommunities } from '../communities/queries.ts';
import type { Sql } from '../db/connect.ts';
import { presentList } from '../lists/present.ts';
import { listOwnLists } from '../lists/queries.ts';
import { presentMutes } from '../mutes/present.ts';
import { listMutes } from '../mutes/queries.ts';
import { presentReportReason } from '../reports/present.ts';
import { listReportReasons } from '../reports/queries.ts';
import { getSiteSettings } from '../site/settings.ts';
import { presentUser } from '../users/present.ts';
import { countUsers, loadUser } from '../users/queries.ts';

export interface InitialRoutesOptions {
  sql: Sql;
  vapidPublicKey: string;
  /** The captcha's site key when sign-ups are checked with one. */
  captchaSiteKey: string | null;
}

const initialRoutes: FastifyPluginAsync<InitialRoutesOptions> = async (app, { sql, vapidPublicKey, captchaSiteKey }) => {
  /** Everything the app needs to start, in one round of parallel queries. */
  app.get('/_initial', async (request): Promise<InitialData> => {
    const viewerId = request.user?.id ?? null;
    const [user, communities, reportReasons, settings, noUsers, bannedFrom, mutes, lists] = await Promise.all([
      viewerId ? loadUser(sql, viewerId) : null,
      listSidebarCommunities(sql, viewerId),
      listReportReasons(sql),
      getSiteSettings(sql),
      countUsers(sql),
      viewerId ? listBannedFrom(sql, viewerId) : [],
      viewerId ? listMutes(sql, viewerId) : { userMutes: [], communityMutes: [] },
      viewerId ? listOwnLists(sql, viewerId) : [],
    ]);
    return {
      user: user && presentUser(user, user),
      communities: communities.map(presentCommunity),
      reportReasons: reportReasons.map(presentReportReason),
      bannedFrom,
      mutes: presentMutes(mutes),
      lists: lists.map(presentList),
      vapidPublicKey,
      noUsers,
      signupsDisabled: settings.signupsDisabled,
      imagePostSubmitReqPoints: settings.imagePostSubmitReqPoints,
      linkPostSubmitReqPoints: settings.linkPostSubmitReqPoints,
      communityCreateReqPoints: settings.communityCreateReqPoints,
      contactEmail: settings.contactEmail,
      captchaSiteKey,
    };
  });
};

export default initialRoutes;
