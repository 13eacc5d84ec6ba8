import { createHmac } from 'node:crypto';

// Set once at start and kept here, rather than handed to every presenter of posts and comments.
let ghostSecret: string | undefined;

/** Sets the secret ghost ids are derived with: the site's own, kept in the database (see loadAppSecrets). */
export function setGhostSecret(secret: string): void {
  ghostSecret = secret;
}

/**
 * The stand-in id shown for the author of content whose account was deleted: the same for every
 * item of one thread (a post and the comments under it), different between threads, so that a
 * conversation stays readable without linking a deleted account's content across the site. It is
 * keyed with the site's secret: the public ids alone must not lead back to the account.
 */
export function ghostId(userId: string, postId: string): string {
  if (ghostSecret === undefined) throw new Error('ghost ids need the site secret: call setGhostSecret at start');
  return createHmac('sha256', ghostSecret).update(`${userId}:${postId}`).digest('hex').slice(0, 8);
}
