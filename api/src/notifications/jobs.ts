// The background jobs of notifications, and what requests queue for them.
import type { Sql } from '../db/connect.ts';
import type { JobHandlers, Jobs } from '../jobs/queue.ts';
import { sendOncePerWindow } from '../jobs/windowed.ts';
import { announceToAll } from './announce.ts';
import {
  notifyDeletedComment, notifyDeletedPost, notifyDeniedCommunity, notifyApproved, notifyLockedPost, notifyModAdd, notifyNewBadge, notifyNewComment, notifyNewVote, notifyNewVotes, notifyWelcome, type VoteTarget,
} from './create.ts';
import { sendPush, type PushOptions } from './push.ts';
import { JOB_PUSH, type PushJob } from './store.ts';

const JOB_NOTIFY = 'notify';
const JOB_ANNOUNCE = 'announce';

/** Something that happened which tells someone; queued by requests, handled in the background. */
export type NotifyEvent =
  | { kind: 'comment'; commentId: string }
  | { kind: 'votes' }
  /** Queued per post or comment before vote notices (migration 0017); still handled if left in the queue. */
  | { kind: 'vote'; targetType: VoteTarget; targetId: string }
  /** `reason` is absent from jobs queued before reasons were given. */
  | { kind: 'deleted_post'; postId: string; deletedBy: string; deletedAs: 'mods' | 'admins'; reason?: string | null }
  | { kind: 'deleted_comment'; commentId: string; deletedBy: string; deletedAs: 'mods' | 'admins'; reason: string | null }
  | { kind: 'post_locked'; postId: string; lockedBy: string; lockedAs: 'mods' | 'admins'; reason: string | null }
  | { kind: 'approved'; postId: string; commentId: string | null; approvedBy: string }
  | { kind: 'welcome'; userId: string }
  | { kind: 'new_badge'; userId: string; badgeType: string }
  | { kind: 'mod_add'; userId: string; communityName: string; addedBy: string }
  | { kind: 'denied_comm'; userId: string; body: string };

export async function queueNotification(jobs: Jobs, event: NotifyEvent): Promise<void> {
  await jobs.send(JOB_NOTIFY, event);
}

/**
 * Seconds within which upvotes share one job: the first upvote's job tells its author at once,
 * later ones in the same window are told by a job at the start of the next one, with the counts
 * by then.
 */
const VOTE_NOTIFY_WINDOW_SECONDS = 2;

/**
 * Queues telling authors about the upvotes whose notices the votes left (see migration 0017): one
 * job drains every notice, for every post and comment.
 */
export function queueVoteNotification(jobs: Jobs): Promise<void> {
  return sendOncePerWindow(jobs, JOB_NOTIFY, { kind: 'votes' } satisfies NotifyEvent, 'votes', VOTE_NOTIFY_WINDOW_SECONDS);
}

/** Queues telling every user of an announced post. */
export async function queueAnnouncement(jobs: Jobs, postId: string): Promise<void> {
  await jobs.send(JOB_ANNOUNCE, { postId });
}

/** The workers of the notification queues. `jobs` is how they queue pushes. */
export function notificationJobHandlers(sql: Sql, jobs: Jobs, push: PushOptions): JobHandlers {
  const deps = { sql, jobs };
  return {
    [JOB_NOTIFY]: async (event: NotifyEvent) => {
      switch (event.kind) {
        case 'comment':
          return notifyNewComment(deps, event.commentId);
        case 'votes':
          return notifyNewVotes(deps);
        case 'vote':
          return notifyNewVote(deps, event);
        case 'deleted_post':
          return notifyDeletedPost(deps, event);
        case 'deleted_comment':
          return notifyDeletedComment(deps, event);
        case 'post_locked':
          return notifyLockedPost(deps, event);
        case 'approved':
          return notifyApproved(deps, event);
        case 'welcome':
          return notifyWelcome(deps, event.userId);
        case 'new_badge':
          return notifyNewBadge(deps, event);
        case 'mod_add':
          return notifyModAdd(deps, event);
        case 'denied_comm':
          return notifyDeniedCommunity(deps, event);
      }
    },
    [JOB_ANNOUNCE]: async ({ postId }: { postId: string }) => announceToAll(deps, postId),
    // Each push waits on a push service: pushes go side by side, fairly between users.
    [JOB_PUSH]: { fair: true, handle: async (job: PushJob) => sendPush(sql, push, job) },
  };
}
