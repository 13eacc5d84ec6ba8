// The messages the main test server sent, as the loopback SMTP server (smtp-sink.mjs) wrote them: .eml files.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** Every message written so far, as raw text, the text parts' soft line breaks and `=3D` undone. */
export async function mails(): Promise<string[]> {
  const folder = process.env.E2E_MAIL_DIR;
  if (!folder) throw new Error('E2E_MAIL_DIR is not set');
  const names = await readdir(folder).catch(() => []);
  const raws = await Promise.all(names.filter((name) => name.endsWith('.eml')).map((name) => readFile(join(folder, name), 'utf8')));
  return raws.map((raw) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
}

/** The messages to `address` whose subject is `subject`. */
export async function mailsTo(address: string, subject: string): Promise<string[]> {
  return (await mails()).filter((raw) => raw.includes(`To: ${address}`) && raw.includes(`Subject: ${subject}`));
}

/**
 * The path of a link to `path` (with its query) in a message to `address`, waiting for one to
 * arrive; when several did, one not in `seen`.
 */
export async function linkInMail(address: string, path: string, seen: string[] = []): Promise<string> {
  const pattern = new RegExp(`https?://[^/\\s]+(${path.replace(/[?]/g, '\\?')}[A-Za-z0-9_-]+)`, 'g');
  let link = '';
  await expect
    .poll(async () => {
      const found = (await mails()).filter((raw) => raw.includes(`To: ${address}`));
      const links = found.flatMap((raw) => [...raw.matchAll(pattern)].map((match) => match[1]!));
      link = links.find((candidate) => !seen.includes(candidate)) ?? '';
      return link;
    }, { timeout: 20_000, message: `no message to ${address} with a link to ${path} arrived` })
    .not.toBe('');
  return link;
}
