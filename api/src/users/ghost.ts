import { createHash } from 'node:crypto';

/**
 * The stand-in id shown for the author of content whose account was deleted: the same for every
 * item of one thread (a post and the comments under it), different between threads, so that a
 * conversation stays readable without linking a deleted account's content across the site.
 */
export function ghostId(userId: string, postId: string): string {
  return createHash('sha1').update(`${userId}:${postId}`).digest('hex').slice(0, 8);
}
