import { keyRoots } from '../../../lib/cache/key-roots.ts';

/**
 * Query keys of comments, all under the post they belong to: the paged thread, a comment's whole
 * subtree (load more replies) and one comment's thread (a permalink).
 */
export const commentKeys = {
  all: keyRoots.comments,
  post: (publicId: string) => [...commentKeys.all, 'post', publicId] as const,
  list: (publicId: string) => [...commentKeys.post(publicId), 'list'] as const,
  replies: (publicId: string, parentId: string) => [...commentKeys.post(publicId), 'replies', parentId] as const,
  thread: (publicId: string, commentId: string) => [...commentKeys.post(publicId), 'thread', commentId] as const,
  /** The key of one of the feature's mutations (their defaults are registered in register.ts). */
  mutation: (name: string) => [...commentKeys.all, name] as const,
};
