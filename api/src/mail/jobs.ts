// Mail leaves in a durable job, never inside a request: a slow or failing mail server delays only
// the message, which is tried again with the queue's growing delays.
import type { Jobs } from '../jobs/queue.ts';
import type { MailMessage, Mailer } from './mailer.ts';

export const JOB_SEND_MAIL = 'send_mail';

export function queueMail(jobs: Jobs, message: MailMessage): Promise<void> {
  return jobs.send(JOB_SEND_MAIL, message);
}

export function mailJobHandlers(mailer: Mailer) {
  return {
    [JOB_SEND_MAIL]: async (message: MailMessage) => {
      await mailer.send(message);
    },
  };
}
