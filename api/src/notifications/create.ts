// One function per notification type. Each stores (or merges) the notification in a transaction of
// its own, then queues its push. Requests never call these directly: they queue a job (see jobs.ts)
// so that creating notifications never slows the answer.
import type { Db, Tx } from '../db/connect.ts';
import {
  insertNotification, lockRecipient, queuePush, upsertNotification, type NotifyDeps, type StoredNotification,
} from './store.ts';

interface Recipient {
  id: string;
  replyNotificationsOff: boolean;
  upvoteNotificationsOff: boolean;
  moderationNotificationsOff: boolean;
}

/** A user who can receive notifications: not deleted. */
async function recipient(db: Db, userId: string): Promise<Recipient | null> {
  const [row] = await db<Recipient[]>`
    select id, reply_notifications_off, upvote_notifications_off, moderation_notifications_off
    from users where id = ${userId} and deleted_at is null`;
  return row ?? null;
}

/** A user who wants to hear what moderators did to their posts and comments. */
async function moderationRecipient(db: Db, userId: string): Promise<Recipient | null> {
  const user = await recipient(db, userId);
  return user && !user.moderationNotificationsOff ? user : null;
}

/** Whether `userId` muted the author or the community. */
async function hasMuted(db: Db, userId: string, authorId: string, communityId: string): Promise<boolean> {
  const [row] = await db<{ muted: boolean }[]>`
    select exists (select 1 from user_mutes where user_id = ${userId} and muted_user_id = ${authorId})
        or exists (select 1 from community_mutes where user_id = ${userId} and community_id = ${communityId}) as muted`;
  return row?.muted ?? false;
}

/** Runs `store` for one recipient with their notification writes serialized, then queues the push. */
async function deliver(deps: NotifyDeps, userId: string, store: (tx: Tx) => Promise<StoredNotification | null>): Promise<StoredNotification | null> {
  const stored = await deps.sql.begin(async (tx) => {
    await lockRecipient(tx, userId);
    return store(tx);
  });
  if (stored) await queuePush(deps, stored);
  return stored;
}

interface NewCommentFacts {
  id: string;
  userId: string;
  username: string;
  postId: string;
  postAuthorId: string;
  communityId: string;
  noComments: number;
  createdAt: Date;
  parentId: string | null;
  parentAuthorId: string | null;
}

/**
 * A new comment tells the post's author (new_comment) and, for a reply, the parent comment's
 * author (comment_reply; a reply to the post author's own comment is only that). Nobody is told of
 * their own comment; authors who turned reply notifications off or muted the commenter or the
 * community are not told. Unseen ones of the same post (or parent) merge and count up.
 */
export async function notifyNewComment(deps: NotifyDeps, commentId: string): Promise<void> {
  const [comment] = await deps.sql<NewCommentFacts[]>`
    select c.id, c.user_id, u.username, c.post_id, p.user_id as post_author_id, c.community_id, p.no_comments,
           c.created_at, c.parent_id, parent.user_id as parent_author_id
    from comments c join users u on u.id = c.user_id join posts p on p.id = c.post_id
    left join comments parent on parent.id = c.parent_id
    where c.id = ${commentId} and c.deleted_at is null and c.held_at is null`;
  if (!comment) return;
  const firstCreatedAt = comment.createdAt.toISOString();
  const told = new Set<string>([comment.userId]);

  if (comment.parentId && comment.parentAuthorId && !told.has(comment.parentAuthorId)) {
    told.add(comment.parentAuthorId);
    const parentId = comment.parentId;
    await deliver(deps, comment.parentAuthorId, async (tx) => {
      const user = await recipient(tx, comment.parentAuthorId ?? '');
      if (!user || user.replyNotificationsOff || (await hasMuted(tx, user.id, comment.userId, comment.communityId))) return null;
      return upsertNotification(
        tx, user.id, 'comment_reply', { parentCommentId: parentId },
        { postId: comment.postId, parentCommentId: parentId, commentId: comment.id, commentAuthor: comment.username, noComments: 1, firstCreatedAt, lastCreatedAt: firstCreatedAt },
        (previous) => ({ ...previous, commentId: comment.id, commentAuthor: comment.username, noComments: Number(previous.noComments) + 1, lastCreatedAt: firstCreatedAt }),
      );
    });
  }
  if (!told.has(comment.postAuthorId)) {
    await deliver(deps, comment.postAuthorId, async (tx) => {
      const user = await recipient(tx, comment.postAuthorId);
      if (!user || user.replyNotificationsOff || (await hasMuted(tx, user.id, comment.userId, comment.communityId))) return null;
      return upsertNotification(
        tx, user.id, 'new_comment', { postId: comment.postId },
        { postId: comment.postId, commentId: comment.id, commentAuthor: comment.username, noComments: 1, firstCreatedAt, lastCreatedAt: firstCreatedAt },
        (previous) => ({ ...previous, commentId: comment.id, commentAuthor: comment.username, noComments: Number(previous.noComments) + 1, lastCreatedAt: firstCreatedAt }),
      );
    });
  }
}

export type VoteTarget = 'post' | 'comment';

/**
 * Upvotes tell the author (new_votes), merged per post or comment with the current count of
 * upvotes by others (the author's own upvote, given with the post, is not news); only while
 * someone other than the author upvotes it, and not authors who turned upvote
 * notifications off. Mutes do not apply, as in the reference. Never pushed.
 */
export async function notifyNewVote(deps: NotifyDeps, target: { targetType: VoteTarget; targetId: string }): Promise<void> {
  const [facts] =
    target.targetType === 'post'
      ? await deps.sql<{ authorId: string; upvotes: number; upvotedByOthers: boolean }[]>`
          select p.user_id as author_id,
                 p.upvotes - (exists (select 1 from post_votes v where v.post_id = p.id and v.user_id = p.user_id and v.up))::int as upvotes,
                 exists (select 1 from post_votes v where v.post_id = p.id and v.up and v.user_id <> p.user_id) as upvoted_by_others
          from posts p where p.id = ${target.targetId} and p.deleted_at is null`
      : await deps.sql<{ authorId: string; upvotes: number; upvotedByOthers: boolean }[]>`
          select c.user_id as author_id,
                 c.upvotes - (exists (select 1 from comment_votes v where v.comment_id = c.id and v.user_id = c.user_id and v.up))::int as upvotes,
                 exists (select 1 from comment_votes v where v.comment_id = c.id and v.up and v.user_id <> c.user_id) as upvoted_by_others
          from comments c where c.id = ${target.targetId} and c.deleted_at is null`;
  // The upvotes may have been taken back before the job ran.
  if (!facts?.upvotedByOthers) return;
  await deliver(deps, facts.authorId, async (tx) => {
    const user = await recipient(tx, facts.authorId);
    if (!user || user.upvoteNotificationsOff) return null;
    return upsertNotification(
      tx, user.id, 'new_votes', { targetType: target.targetType, targetId: target.targetId },
      { targetType: target.targetType, targetId: target.targetId, noVotes: facts.upvotes },
      (previous) => ({ ...previous, noVotes: facts.upvotes }),
    );
  });
}

/** Notices drained at a time; a drain goes on until none is left. */
const VOTE_NOTICES_PER_BATCH = 200;

/**
 * Tells the authors of every post and comment whose upvotes left a notice (see migration 0017).
 * A notice is removed once told, unless an upvote came after it was read: that one is told by the
 * next drain. A failure leaves the notices not yet removed for the job's retry.
 */
export async function notifyNewVotes(deps: NotifyDeps): Promise<void> {
  for (;;) {
    const notices = await deps.sql<{ targetType: VoteTarget; targetId: string; version: number }[]>`
      select target_type, target_id, version from vote_notices order by target_type, target_id limit ${VOTE_NOTICES_PER_BATCH}`;
    if (notices.length === 0) return;
    for (const notice of notices) await notifyNewVote(deps, notice);
    await deps.sql`
      delete from vote_notices n
      using unnest(${notices.map((notice) => notice.targetType)}::text[], ${notices.map((notice) => notice.targetId)}::uuid[],
          ${notices.map((notice) => notice.version)}::int[])
        as told(target_type, target_id, version)
      where n.target_type = told.target_type and n.target_id = told.target_id and n.version = told.version`;
    if (notices.length < VOTE_NOTICES_PER_BATCH) return;
  }
}

type ModGroup = 'mods' | 'admins';

/** A mod or admin deleted the author's post (deleted_post), with their reason; an author deleting their own is not told. */
export async function notifyDeletedPost(
  deps: NotifyDeps,
  post: { postId: string; deletedBy: string; deletedAs: ModGroup; reason?: string | null },
): Promise<void> {
  const [facts] = await deps.sql<{ userId: string }[]>`select user_id from posts where id = ${post.postId}`;
  if (!facts || facts.userId === post.deletedBy) return;
  await deliver(deps, facts.userId, async (tx) => {
    if (!(await moderationRecipient(tx, facts.userId))) return null;
    return insertNotification(tx, facts.userId, 'deleted_post', {
      targetType: 'post',
      targetId: post.postId,
      deletedAs: post.deletedAs,
      reason: post.reason ?? null,
    });
  });
}

/** A mod or admin removed the author's comment (deleted_comment), with their reason; never told of one's own. */
export async function notifyDeletedComment(
  deps: NotifyDeps,
  comment: { commentId: string; deletedBy: string; deletedAs: ModGroup; reason: string | null },
): Promise<void> {
  const [facts] = await deps.sql<{ userId: string; postId: string }[]>`select user_id, post_id from comments where id = ${comment.commentId}`;
  if (!facts || facts.userId === comment.deletedBy) return;
  await deliver(deps, facts.userId, async (tx) => {
    if (!(await moderationRecipient(tx, facts.userId))) return null;
    return insertNotification(tx, facts.userId, 'deleted_comment', {
      postId: facts.postId,
      commentId: comment.commentId,
      deletedAs: comment.deletedAs,
      reason: comment.reason,
    });
  });
}

/** A mod or admin locked the author's post (post_locked), with their reason; never told of one's own. */
export async function notifyLockedPost(
  deps: NotifyDeps,
  post: { postId: string; lockedBy: string; lockedAs: ModGroup; reason: string | null },
): Promise<void> {
  const [facts] = await deps.sql<{ userId: string }[]>`select user_id from posts where id = ${post.postId}`;
  if (!facts || facts.userId === post.lockedBy) return;
  await deliver(deps, facts.userId, async (tx) => {
    if (!(await moderationRecipient(tx, facts.userId))) return null;
    return insertNotification(tx, facts.userId, 'post_locked', { postId: post.postId, lockedAs: post.lockedAs, reason: post.reason });
  });
}

/** A mod or admin approved the author's held post or comment (approved); never told of one's own. */
export async function notifyApproved(deps: NotifyDeps, input: { postId: string; commentId: string | null; approvedBy: string }): Promise<void> {
  const [facts] = input.commentId
    ? await deps.sql<{ userId: string }[]>`select user_id from comments where id = ${input.commentId}`
    : await deps.sql<{ userId: string }[]>`select user_id from posts where id = ${input.postId}`;
  if (!facts || facts.userId === input.approvedBy) return;
  await deliver(deps, facts.userId, async (tx) => {
    if (!(await moderationRecipient(tx, facts.userId))) return null;
    return insertNotification(tx, facts.userId, 'approved', { postId: input.postId, commentId: input.commentId });
  });
}

/** The user was made a moderator of a community (mod_add). */
export async function notifyModAdd(deps: NotifyDeps, input: { userId: string; communityName: string; addedBy: string }): Promise<void> {
  await deliver(deps, input.userId, async (tx) => {
    if (!(await recipient(tx, input.userId))) return null;
    return insertNotification(tx, input.userId, 'mod_add', { communityName: input.communityName, addedBy: input.addedBy });
  });
}

/** The user was given a badge (new_badge). */
export async function notifyNewBadge(deps: NotifyDeps, input: { userId: string; badgeType: string }): Promise<void> {
  await deliver(deps, input.userId, async (tx) => {
    if (!(await recipient(tx, input.userId))) return null;
    return insertNotification(tx, input.userId, 'new_badge', { userId: input.userId, badgeType: input.badgeType });
  });
}

/** The user's community request was denied (denied_comm), with the admins' note. Never pushed. */
export async function notifyDeniedCommunity(deps: NotifyDeps, input: { userId: string; body: string }): Promise<void> {
  await deliver(deps, input.userId, async (tx) => {
    if (!(await recipient(tx, input.userId))) return null;
    return insertNotification(tx, input.userId, 'denied_comm', { body: input.body });
  });
}

/** Welcomes a new user, once (welcome), pointing at the site's first default community if there is one. */
export async function notifyWelcome(deps: NotifyDeps, userId: string): Promise<void> {
  await deliver(deps, userId, async (tx) => {
    const [user] = await tx<{ id: string }[]>`
      update users set welcome_notification_sent = true
      where id = ${userId} and deleted_at is null and not welcome_notification_sent returning id`;
    if (!user) return null;
    const [community] = await tx<{ name: string }[]>`
      select c.name from default_communities d join communities c on c.id = d.community_id
      where c.deleted_at is null order by d.created_at limit 1`;
    return insertNotification(tx, userId, 'welcome', { communityName: community?.name ?? null });
  });
}
