// The dashboard's test message: it shows an admin that the site's mail reaches its readers.
import { ErrorCode, Messages } from '@quorum/shared/errors';
import type { Sql } from '../db/connect.ts';
import { badRequest } from '../http/errors.ts';
import type { Jobs } from '../jobs/queue.ts';
import { composeMail } from '../mail/compose.ts';
import { queueMail } from '../mail/jobs.ts';

/** Queues a test message to the admin's own address; 400 when their account has none. */
export async function sendTestMail(sql: Sql, jobs: Jobs, admin: { id: string; username: string }): Promise<void> {
  const [row] = await sql<{ email: string | null }[]>`select email from users where id = ${admin.id}`;
  if (!row?.email) throw badRequest(Messages.noEmailForTestMail, ErrorCode.noEmail);
  await queueMail(jobs, composeMail({
    to: row.email,
    username: admin.username,
    subject: 'A test message from Quorum',
    intro: ["This message was sent from the admin dashboard of Quorum. If you can read it, the site's mail reaches its readers."],
  }));
}
