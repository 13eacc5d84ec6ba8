import type { FastifyPluginAsync } from 'fastify';
import type { Community } from '@quorum/shared/entities/communities';
import type { ReportReason } from '@quorum/shared/entities/reports';
import { InitialData } from '@quorum/shared/entities/site';
import { listVisitorSidebar } from '../communities/queries.ts';
import { presentCommunity } from '../content/community-present.ts';
import { memberCommunitiesFromShared } from '../content/member-view.ts';
import type { Sql } from '../db/connect.ts';
import { sends } from '../http/answer-schema.ts';
import type { VisitorCache } from '../http/visitor-cache.ts';
import { presentList } from '../lists/present.ts';
import { presentMutes } from '../mutes/present.ts';
import { presentReportReason } from '../reports/present.ts';
import type { SiteSettingsRow } from '../site/present.ts';
import { presentUser } from '../users/present.ts';
import { getMemberStart, getSiteStart } from './queries.ts';

export interface InitialRoutesOptions {
  sql: Sql;
  /** Keeps what is the same for everyone (and the visitors' sidebar) for a short while. */
  visitorCache: VisitorCache;
  vapidPublicKey: string;
  /** The captcha's site key when sign-ups are checked with one. */
  captchaSiteKey: string | null;
}

/** What the app's start reads that is the same for every visitor, and for members but the sidebar. */
interface SiteFacts {
  visitorCommunities: Community[];
  reportReasons: ReportReason[];
  settings: SiteSettingsRow;
  noUsers: number;
}

async function loadSiteFacts(sql: Sql): Promise<SiteFacts> {
  const [communities, { reportReasons, settings, noUsers }] = await Promise.all([listVisitorSidebar(sql), getSiteStart(sql)]);
  return { visitorCommunities: communities.map(presentCommunity), reportReasons: reportReasons.map(presentReportReason), settings, noUsers };
}

const initialRoutes: FastifyPluginAsync<InitialRoutesOptions> = async (app, { sql, visitorCache, vapidPublicKey, captchaSiteKey }) => {
  /** Everything the app needs to start: what is kept for everyone, and the member's own in one statement. */
  app.get('/_initial', { schema: sends(InitialData) }, async (request): Promise<InitialData> => {
    const viewerId = request.user?.id ?? null;
    const [site, member] = await Promise.all([
      visitorCache.get('initial', () => loadSiteFacts(sql), JSON.stringify).then((answer) => answer.value),
      viewerId ? getMemberStart(sql, viewerId) : null,
    ]);
    const communities = member ? await memberCommunitiesFromShared(request, visitorCache, member.communities) : site.visitorCommunities;
    const { settings } = site;
    return {
      user: member && presentUser(member.user, member.user),
      communities,
      reportReasons: site.reportReasons,
      bannedFrom: member?.bannedFrom ?? [],
      mutes: presentMutes(member ?? { userMutes: [], communityMutes: [] }),
      lists: member?.lists.map(presentList) ?? [],
      vapidPublicKey,
      noUsers: site.noUsers,
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
