// What the app's start reads, each part in one statement: the facts that are the same for everyone,
// and those of the member. Rows of several tables come as JSON, their times turned back into dates.
import type { JoinedCommunity } from '../content/member-view.ts';
import type { Db } from '../db/connect.ts';
import type { ListRow } from '../lists/present.ts';
import type { MuteRow } from '../mutes/present.ts';
import type { ReportReasonRow } from '../reports/present.ts';
import type { SiteSettingsRow } from '../site/present.ts';
import { siteSettingsColumns } from '../site/settings.ts';
import type { UserRow } from '../users/present.ts';
import { loadUserWith } from '../users/queries.ts';

export interface SiteStart {
  settings: SiteSettingsRow;
  /** Users whose account is not deleted. */
  noUsers: number;
  reportReasons: ReportReasonRow[];
}

/** The site's settings, its number of users and the reasons a report may give. */
export async function getSiteStart(db: Db): Promise<SiteStart> {
  const [row] = await db<Array<SiteSettingsRow & { noUsers: number; reportReasons: ReportReasonRow[] }>>`
    select ${siteSettingsColumns(db)},
      coalesce((select n from user_count), 0) as no_users,
      coalesce((select json_agg(json_build_object('id', r.id, 'title', r.title, 'description', r.description) order by r.id)
        from report_reasons r), '[]') as report_reasons
    from site_settings where id = 1`;
  if (!row) throw new Error('site_settings row is missing');
  const { noUsers, reportReasons, ...settings } = row;
  return { settings, noUsers, reportReasons };
}

export interface MemberStart {
  user: UserRow;
  /** The communities the member joined, by name. */
  communities: JoinedCommunity[];
  /** The communities the member is banned from now. */
  bannedFrom: string[];
  userMutes: MuteRow[];
  communityMutes: MuteRow[];
  /** The member's own lists, most recently updated first. */
  lists: ListRow[];
}

type Dated<T, K extends keyof T> = Omit<T, K> & Record<K, string>;

interface MemberStartColumns {
  startCommunities: JoinedCommunity[];
  startBannedFrom: string[];
  startUserMutes: Array<Dated<MuteRow, 'createdAt'>>;
  startCommunityMutes: Array<Dated<MuteRow, 'createdAt'>>;
  startLists: Array<Dated<ListRow, 'createdAt' | 'lastUpdatedAt'>>;
}

/**
 * Where a member stands at the app's start, in one statement: their account, the communities they
 * joined (where they stand in each and its member count: the rest of a community is kept for
 * everyone), those they are banned from, their mutes (newest first) and their lists, as
 * `/api/_user`, `/api/mutes` and `/api/lists` answer them (statement-counts.test.ts compares them).
 */
export async function getMemberStart(db: Db, userId: string): Promise<MemberStart> {
  const row = await loadUserWith<MemberStartColumns>(db, userId, db`,
      coalesce((select json_agg(json_build_object('id', c.id, 'noMembers', c.no_members, 'userJoined', true,
                    'userMod', exists (select 1 from community_mods cm where cm.community_id = c.id and cm.user_id = u.id),
                    'isMuted', exists (select 1 from community_mutes cu where cu.community_id = c.id and cu.user_id = u.id))
                  order by lower(c.name))
        from community_members j join communities c on c.id = j.community_id
        where j.user_id = u.id and c.deleted_at is null), '[]') as start_communities,
      array(select b.community_id from community_bans b
            where b.user_id = u.id and (b.expires_at is null or b.expires_at > now())) as start_banned_from,
      coalesce((select json_agg(json_build_object('targetId', m.muted_user_id, 'name', mu.username, 'createdAt', m.created_at)
                  order by m.created_at desc)
        from user_mutes m join users mu on mu.id = m.muted_user_id where m.user_id = u.id), '[]') as start_user_mutes,
      coalesce((select json_agg(json_build_object('targetId', m.community_id, 'name', c.name, 'createdAt', m.created_at)
                  order by m.created_at desc)
        from community_mutes m join communities c on c.id = m.community_id where m.user_id = u.id), '[]') as start_community_mutes,
      coalesce((select json_agg(json_build_object('id', l.id, 'userId', l.user_id, 'username', u.username, 'name', l.name,
                    'displayName', l.display_name, 'description', l.description, 'public', l.public, 'numItems', l.num_items,
                    'createdAt', l.created_at, 'lastUpdatedAt', l.last_updated_at)
                  order by l.last_updated_at desc, l.id desc)
        from lists l where l.user_id = u.id), '[]') as start_lists`);
  const { startCommunities, startBannedFrom, startUserMutes, startCommunityMutes, startLists, ...user } = row;
  const mute = (m: Dated<MuteRow, 'createdAt'>): MuteRow => ({ ...m, createdAt: new Date(m.createdAt) });
  return {
    user,
    communities: startCommunities,
    bannedFrom: startBannedFrom,
    userMutes: startUserMutes.map(mute),
    communityMutes: startCommunityMutes.map(mute),
    lists: startLists.map((list) => ({ ...list, createdAt: new Date(list.createdAt), lastUpdatedAt: new Date(list.lastUpdatedAt) })),
  };
}
