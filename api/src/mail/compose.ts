// The site's messages to a member, in one shape: a greeting, paragraphs, and at most one link,
// as plain text with an HTML twin.
import { escapeHtml } from '@quorum/shared/format';
import type { MailMessage } from './mailer.ts';

export interface MemberMail {
  to: string;
  username: string;
  subject: string;
  /** Paragraphs before the link (or all of them when there is none). */
  intro: string[];
  link?: { label: string; url: string };
  /** Paragraphs after the link. */
  outro?: string[];
}

export function composeMail({ to, username, subject, intro, link, outro = [] }: MemberMail): MailMessage {
  const paragraphs = [`Hi ${username},`, ...intro];
  const text = [...paragraphs, ...(link ? [link.url] : []), ...outro].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
    ...outro.map((p) => `<p>${escapeHtml(p)}</p>`),
  ].join('\n');
  return { to, subject, text, html };
}
