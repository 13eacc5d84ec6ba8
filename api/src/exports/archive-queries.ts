// What an archive is made of, read a page at a time: each page is one statement walking an index
// from the last row of the page before (a keyset), so that a member with many thousands of
// comments or votes is read in small steps, never all at once.
import type { HomeFeed, UserGroup } from '@quorum/shared/entities/users';
import type { PostType } from '@quorum/shared/entities/posts';
import type { ContentType } from '@quorum/shared/entities/reports';
import type { Db } from '../db/connect.ts';
import { epochMicros, fromEpochMicros } from '../db/micros.ts';

/** Rows read per statement. */
export const ARCHIVE_PAGE_SIZE = 500;

export interface AccountRow {
  id: string;
  username: string;
  email: string | null;
  emailConfirmedAt: Date | null;
  aboutMe: string | null;
  proPicId: string | null;
  proPicFormat: string | null;
  points: number;
  isAdmin: boolean;
  noPosts: number;
  noComments: number;
  createdAt: Date;
  lastSeen: Date;
  embedsOff: boolean;
  homeFeed: HomeFeed;
  rememberFeedSort: boolean;
  upvoteNotificationsOff: boolean;
  replyNotificationsOff: boolean;
  moderationNotificationsOff: boolean;
  announcementNotificationsOff: boolean;
  hideUserProfilePictures: boolean;
  requireAltText: boolean;
  badges: { type: string; givenAt: string }[];
  moderates: string[];
}

/** The account and its settings; no password hash, no network address. */
export async function getAccount(db: Db, userId: string): Promise<AccountRow | undefined> {
  const [row] = await db<AccountRow[]>`
    select u.id, u.username, u.email, u.email_confirmed_at, u.about_me, i.id as pro_pic_id, i.format as pro_pic_format,
      u.points, u.is_admin, u.no_posts, u.no_comments, u.created_at, u.last_seen,
      u.embeds_off, u.home_feed, u.remember_feed_sort, u.upvote_notifications_off, u.reply_notifications_off,
      u.moderation_notifications_off, u.announcement_notifications_off, u.hide_user_profile_pictures, u.require_alt_text,
      coalesce((select json_agg(json_build_object('type', b.type, 'givenAt', b.created_at) order by b.created_at)
        from user_badges b where b.user_id = u.id), '[]') as badges,
      coalesce((select json_agg(c.name order by lower(c.name))
        from community_mods m join communities c on c.id = m.community_id
        where m.user_id = u.id and c.deleted_at is null), '[]') as moderates
    from users u
    left join images i on i.id = u.pro_pic_id and i.deleted_at is null
    where u.id = ${userId}`;
  return row;
}

export interface MembershipRow {
  community: string;
  joinedAt: Date;
}

/** The communities the member joined, the first joined first. */
export async function listMemberships(db: Db, userId: string): Promise<MembershipRow[]> {
  return db<MembershipRow[]>`
    select c.name as community, m.created_at as joined_at
    from community_members m join communities c on c.id = m.community_id
    where m.user_id = ${userId} and c.deleted_at is null
    order by m.created_at, c.name`;
}

export interface ArchivePostRow {
  id: string;
  publicId: string;
  type: PostType;
  community: string;
  title: string;
  body: string | null;
  linkUrl: string | null;
  userGroup: UserGroup;
  upvotes: number;
  downvotes: number;
  noComments: number;
  createdAt: Date;
  editedAt: Date | null;
  lockedAt: Date | null;
  heldAt: Date | null;
  deletedAt: Date | null;
  deletedAs: UserGroup | null;
  deletedContentAt: Date | null;
  images: { id: string; format: string; altText: string | null; caption: string | null }[];
}

/** A page of the member's posts, deleted ones too, the newest first, after the post `afterId`. */
export async function listPostsPage(db: Db, userId: string, afterId: string | undefined): Promise<ArchivePostRow[]> {
  return db<ArchivePostRow[]>`
    select p.id, p.public_id, p.type, c.name as community, p.title, p.body, p.link_url, p.user_group,
      p.upvotes, p.downvotes, p.no_comments, p.created_at, p.edited_at, p.locked_at, p.held_at,
      p.deleted_at, p.deleted_as, p.deleted_content_at,
      coalesce((select json_agg(json_build_object('id', i.id, 'format', i.format, 'altText', i.alt_text, 'caption', pi.caption)
                  order by pi.z_index, i.id)
                from post_images pi join images i on i.id = pi.image_id and i.deleted_at is null
                where pi.post_id = p.id), '[]') as images
    from posts p join communities c on c.id = p.community_id
    where p.user_id = ${userId} ${afterId === undefined ? db`` : db`and p.id < ${afterId}`}
    order by p.id desc
    limit ${ARCHIVE_PAGE_SIZE}`;
}

export interface ArchiveCommentRow {
  id: string;
  postPublicId: string;
  postTitle: string;
  community: string;
  parentId: string | null;
  body: string;
  userGroup: UserGroup;
  upvotes: number;
  downvotes: number;
  createdAt: Date;
  editedAt: Date | null;
  heldAt: Date | null;
  deletedAt: Date | null;
  deletedAs: UserGroup | null;
}

/** A page of the member's comments, deleted ones too, the newest first, after the comment `afterId`. */
export async function listCommentsPage(db: Db, userId: string, afterId: string | undefined): Promise<ArchiveCommentRow[]> {
  return db<ArchiveCommentRow[]>`
    select cm.id, p.public_id as post_public_id, p.title as post_title, c.name as community, cm.parent_id, cm.body,
      cm.user_group, cm.upvotes, cm.downvotes, cm.created_at, cm.edited_at, cm.held_at, cm.deleted_at, cm.deleted_as
    from comments cm join posts p on p.id = cm.post_id join communities c on c.id = cm.community_id
    where cm.user_id = ${userId} ${afterId === undefined ? db`` : db`and cm.id < ${afterId}`}
    order by cm.id desc
    limit ${ARCHIVE_PAGE_SIZE}`;
}

/**
 * Anybody's post or comment as the member's votes and lists point at it: its post's public id and
 * title, its community, and whether the member may see it (what awaits approval is its author's).
 */
export interface PointerRow {
  targetType: ContentType;
  postPublicId: string;
  postTitle: string;
  community: string;
  /** Set for a comment. */
  commentId: string | null;
  visible: boolean;
}

export interface VoteRow extends PointerRow {
  /** The id of what was voted on: the page's cursor. */
  targetId: string;
  up: boolean;
  createdAt: Date;
}

/** A page of the member's votes on posts, in the order of the posts' ids, after the post `afterId`. */
export async function listPostVotesPage(db: Db, userId: string, afterId: string | undefined): Promise<VoteRow[]> {
  return db<VoteRow[]>`
    select 'post' as target_type, v.post_id as target_id, p.public_id as post_public_id, p.title as post_title,
      c.name as community, null as comment_id, (p.held_at is null or p.user_id = ${userId}) as visible, v.up, v.created_at
    from post_votes v join posts p on p.id = v.post_id join communities c on c.id = p.community_id
    where v.user_id = ${userId} ${afterId === undefined ? db`` : db`and v.post_id > ${afterId}`}
    order by v.post_id
    limit ${ARCHIVE_PAGE_SIZE}`;
}

/** A page of the member's votes on comments, in the order of the comments' ids, after the comment `afterId`. */
export async function listCommentVotesPage(db: Db, userId: string, afterId: string | undefined): Promise<VoteRow[]> {
  return db<VoteRow[]>`
    select 'comment' as target_type, v.comment_id as target_id, p.public_id as post_public_id, p.title as post_title,
      c.name as community, cm.id as comment_id, (cm.held_at is null or cm.user_id = ${userId}) as visible, v.up, v.created_at
    from comment_votes v join comments cm on cm.id = v.comment_id
      join posts p on p.id = cm.post_id join communities c on c.id = p.community_id
    where v.user_id = ${userId} ${afterId === undefined ? db`` : db`and v.comment_id > ${afterId}`}
    order by v.comment_id
    limit ${ARCHIVE_PAGE_SIZE}`;
}

export interface ListItemRow extends PointerRow {
  id: string;
  createdAt: Date;
  /** `createdAt` in microseconds since the epoch, exactly as stored: the page's cursor. */
  createdUs: number;
}

/** A page of a list's items, the latest added first, after the item `after`. */
export async function listListItemsPage(
  db: Db,
  listId: string,
  viewerId: string,
  after: { createdUs: number; id: string } | undefined,
): Promise<ListItemRow[]> {
  return db<ListItemRow[]>`
    select li.id, li.created_at, ${epochMicros(db, db`li.created_at`)} as created_us, li.target_type,
      p.public_id as post_public_id, p.title as post_title, c.name as community, cm.id as comment_id,
      case when cm.id is null then p.held_at is null or p.user_id = ${viewerId}
           else cm.held_at is null or cm.user_id = ${viewerId} end as visible
    from list_items li
    left join comments cm on cm.id = li.comment_id
    join posts p on p.id = coalesce(li.post_id, cm.post_id)
    join communities c on c.id = p.community_id
    where li.list_id = ${listId}
      ${after ? db`and (li.created_at, li.id) < (${fromEpochMicros(db, after.createdUs)}, ${after.id})` : db``}
    order by li.created_at desc, li.id desc
    limit ${ARCHIVE_PAGE_SIZE}`;
}
