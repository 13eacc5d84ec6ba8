import type { Db } from '../db/connect.ts';
import type { ModActionDetails, ModActionKind, ModActionTarget, ModActorGroup } from './record.ts';

export interface ModActionRow {
  id: string;
  createdAt: Date;
  kind: ModActionKind;
  actorGroup: ModActorGroup;
  /** Null once the account is deleted. */
  actorName: string | null;
  communityId: string | null;
  communityName: string | null;
  targetType: ModActionTarget;
  targetId: string;
  /** The target user's name now; null once the account is deleted. */
  targetUsername: string | null;
  details: ModActionDetails;
  /** Where the post concerned is now, and whether it or the comment concerned is removed (or not yet approved). */
  postPublicId: string | null;
  postCommunityName: string | null;
  postRemoved: boolean;
  commentId: string | null;
  commentRemoved: boolean;
  expiresAt: Date | null;
  reason: string | null;
}

export interface ModLogFilter {
  /** Null for the site-wide log. */
  communityId: string | null;
  kind?: ModActionKind;
  /** Only what this account did. */
  actorId?: string;
  /** The id of the last entry of the page before. */
  beforeId?: string;
}

/** A page of a log newest first (limit + 1 rows). */
export async function listModActions(db: Db, filter: ModLogFilter, limit: number): Promise<ModActionRow[]> {
  const where = [
    filter.communityId === null ? db`a.community_id is null` : db`a.community_id = ${filter.communityId}`,
    filter.kind ? db`a.kind = ${filter.kind}` : db`true`,
    filter.actorId ? db`a.actor_id = ${filter.actorId}` : db`true`,
    filter.beforeId ? db`a.id < ${filter.beforeId}` : db`true`,
  ];
  return db<ModActionRow[]>`
    select a.id, a.created_at, a.kind, a.actor_group,
      case when actor.deleted_at is null then actor.username end as actor_name,
      a.community_id, c.name as community_name, a.target_type, a.target_id,
      case when tu.deleted_at is null then tu.username end as target_username,
      a.details, p.public_id as post_public_id, pc.name as post_community_name,
      coalesce(p.deleted_at is not null or p.held_at is not null, false) as post_removed,
      a.comment_id, coalesce(cm.deleted_at is not null or cm.held_at is not null, false) as comment_removed,
      a.expires_at, a.reason
    from mod_actions a
    left join users actor on actor.id = a.actor_id
    left join communities c on c.id = a.community_id
    left join users tu on tu.id = a.target_user_id
    left join posts p on p.id = a.post_id
    left join communities pc on pc.id = p.community_id
    left join comments cm on cm.id = a.comment_id
    where ${where[0]} and ${where[1]} and ${where[2]} and ${where[3]}
    order by a.id desc
    limit ${limit + 1}`;
}

/** The id of the account named `username`, in any case. */
export async function getUserIdByName(db: Db, username: string): Promise<string | undefined> {
  const [row] = await db<{ id: string }[]>`select id from users where lower(username) = lower(${username})`;
  return row?.id;
}
