// Site administration's background job: deleting a banned user's content.
import type { Sql } from '../db/connect.ts';
import type { Jobs } from '../jobs/queue.ts';
import { purgeUserComments, purgeUserPosts } from './queries.ts';

const JOB_DELETE_USER_CONTENT = 'delete_user_content';

export interface UserContentDeletion {
  userId: string;
  adminId: string;
  /** ISO time: content created from then on is deleted; null for all of it. */
  since: string | null;
}

/** The background half of a ban with content deletion: one transaction, safe to run again. */
async function deleteUserContent(sql: Sql, job: UserContentDeletion): Promise<void> {
  const since = job.since ? new Date(job.since) : null;
  await sql.begin(async (tx) => {
    await purgeUserPosts(tx, job.userId, job.adminId, since);
    await purgeUserComments(tx, job.userId, job.adminId, since);
  });
}

export async function queueUserContentDeletion(jobs: Jobs, job: UserContentDeletion): Promise<void> {
  await jobs.send(JOB_DELETE_USER_CONTENT, job);
}

export function adminJobHandlers(sql: Sql) {
  return {
    [JOB_DELETE_USER_CONTENT]: async (job: UserContentDeletion) => deleteUserContent(sql, job),
  };
}
