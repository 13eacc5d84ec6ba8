// A post's points and hot rank, which order the feeds, follow its votes within seconds: a vote
// marks the post (migrations 0036, 0037) and this job sets the marked posts' ranks from their counts,
// so that the vote itself changes no indexed column of the post's row.
import type { Sql } from '../db/connect.ts';
import type { JobHandlers, Jobs } from '../jobs/queue.ts';
import { sendOncePerWindow } from '../jobs/windowed.ts';
import { rankChangedPosts } from './queries.ts';

export const JOB_RANK_POSTS = 'rank_posts';

/** Seconds within which votes share one job that ranks what they changed. */
const RANK_WINDOW_SECONDS = 1;

/** Batches one job ranks at most: under votes that never stop, the next job goes on. */
const RANK_BATCHES_PER_JOB = 100;

/** Ranks the posts whose votes changed, a batch at a time; answers how many. */
export async function rankPostsVotesChanged(sql: Sql): Promise<number> {
  let ranked = 0;
  for (let batches = 0; batches < RANK_BATCHES_PER_JOB; batches++) {
    const taken = await rankChangedPosts(sql);
    if (taken === 0) break;
    ranked += taken;
  }
  return ranked;
}

/** Queues the job that ranks the posts votes changed. */
export function queuePostRanks(jobs: Jobs): Promise<void> {
  return sendOncePerWindow(jobs, JOB_RANK_POSTS, {}, 'ranks', RANK_WINDOW_SECONDS);
}

export function postRankJobHandlers(sql: Sql): JobHandlers {
  return {
    [JOB_RANK_POSTS]: async () => {
      await rankPostsVotesChanged(sql);
    },
  };
}
