// Sending the site's mail with nodemailer: through the SMTP server of SMTP_URL, or, without one,
// as .eml files under DATA_DIR/mail, so that a site tried out locally can still follow its links.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One message, as queued: plain text with a simple HTML twin. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where mail goes, for the start-up log and the admin's test message. */
  describe(): string;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
}

/** How long the SMTP server gets for each step before the send fails (and its job retries). */
const SMTP_TIMEOUT_MS = 15_000;

/** nodemailer, loaded with the first message a process sends. */
const loadNodemailer = async () => (await import('nodemailer')).default;

/** A value made the first time it is asked for, and kept. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

export function createMailer({ smtpUrl, from, dataDir }: MailerOptions): Mailer {
  if (smtpUrl) {
    // nodemailer reads the host, port, TLS and credentials from the URL itself.
    const transport = once(async () => (await loadNodemailer()).createTransport({
      url: smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    }));
    const host = new URL(smtpUrl).host;
    return {
      async send(message) {
        await (await transport()).sendMail({ from, ...message });
      },
      describe: () => `the SMTP server at ${host}`,
    };
  }
  const folder = join(dataDir, 'mail');
  const transport = once(async () => (await loadNodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  return {
    async send(message) {
      const sent = await (await transport()).sendMail({ from, ...message });
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`), sent.message as Buffer);
    },
    describe: () => `.eml files in ${folder} (SMTP_URL is unset)`,
  };
}
