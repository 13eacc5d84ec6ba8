// The background jobs of notifications, and what requests queue for them.
import type { Sql } from '../db/connect.ts';
import type { Jobs } from '../jobs/queue.ts';
import { announceToAll } from './announce.ts';
import {
  notifyDeletedPost, notifyDeniedCommunity, notifyModAdd, notifyNewBadge, notifyNewComment, notifyNewVote, notifyWelcome, type VoteTarget,
} from './create.ts';
import { sendPush, type VapidDetails } from './push.ts';
import { JOB_PUSH, type PushJob } from './store.ts';

const JOB_NOTIFY = 'notify';
const JOB_ANNOUNCE = 'announce';

/** Something that happened which tells someone; queued by requests, handled in the background. */
export type NotifyEvent =
  | { kind: 'comment'; commentId: string }
  | { kind: 'vote'; targetType: VoteTarget; targetId: string }
  | { kind: 'deleted_post'; postId: string; deletedBy: string; deletedAs: 'mods' | 'admins' }
  | { kind: 'welcome'; userId: string }
  | { kind: 'new_badge'; userId: string; badgeType: string }
  | { kind: 'mod_add'; userId: string; communityName: string; addedBy: string }
  | { kind: 'denied_comm'; userId: string; body: string };

export async function queueNotification(jobs: Jobs, event: NotifyEvent): Promise<void> {
  await jobs.send(JOB_NOTIFY, event);
}

/**
 * Seconds within which upvotes of one post or comment share one notify job: the first is told at
 * once, later ones in the same window by a job at the start of the next one, with the count by then.
 */
const VOTE_NOTIFY_WINDOW_SECONDS = 2;

/**
 * Per queue, the vote jobs this process has sent in the current window, by target. Once the
 * window's job and the next window's are queued the queue turns further ones away, so they are not
 * sent: votes on a popular post then cost no queue statement.
 */
const sentVoteJobs = new WeakMap<Jobs, Map<string, { window: number; sent: number }>>();

/** Queues telling the author of a post or comment about its upvotes. */
export async function queueVoteNotification(jobs: Jobs, target: { targetType: VoteTarget; targetId: string }): Promise<void> {
  const key = `vote:${target.targetType}:${target.targetId}`;
  const window = Math.floor(Date.now() / (VOTE_NOTIFY_WINDOW_SECONDS * 1000));
  let sent = sentVoteJobs.get(jobs);
  if (!sent) sentVoteJobs.set(jobs, (sent = new Map()));
  const before = sent.get(key);
  if (before?.window === window && before.sent >= 2) return;

  const event: NotifyEvent = { kind: 'vote', ...target };
  await jobs.send(JOB_NOTIFY, event, { singletonKey: key, singletonSeconds: VOTE_NOTIFY_WINDOW_SECONDS, singletonNextSlot: true });
  if (sent.size >= 10_000) {
    for (const [other, entry] of sent) if (entry.window < window) sent.delete(other);
  }
  // Read again: other votes on the target may have been sent while this one was.
  const latest = sent.get(key);
  sent.set(key, latest?.window === window ? { window, sent: latest.sent + 1 } : { window, sent: 1 });
}

/** Queues telling every user of an announced post. */
export async function queueAnnouncement(jobs: Jobs, postId: string): Promise<void> {
  await jobs.send(JOB_ANNOUNCE, { postId });
}

/** The workers of the notification queues. `jobs` is how they queue pushes. */
export function notificationJobHandlers(sql: Sql, jobs: Jobs, vapid: VapidDetails) {
  const deps = { sql, jobs };
  return {
    [JOB_NOTIFY]: async (event: NotifyEvent) => {
      switch (event.kind) {
        case 'comment':
          return notifyNewComment(deps, event.commentId);
        case 'vote':
          return notifyNewVote(deps, event);
        case 'deleted_post':
          return notifyDeletedPost(deps, event);
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
    [JOB_PUSH]: async (job: PushJob) => sendPush(sql, vapid, job),
  };
}
