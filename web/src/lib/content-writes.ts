// Used by both their own feature and modtools, which may not import each other, so defined here.
import type { Comment } from '@quorum/shared/entities/comments';
import type { Post } from '@quorum/shared/entities/posts';
import type { UserGroup } from '@quorum/shared/entities/users';
import type { QueryClient } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { keyRoots } from './cache/key-roots.ts';
import { defineMutation, registerMutations } from './mutation-definition.ts';

/** The reason a moderator or an admin gives with an action, for the moderation log; blank is none. */
export const reasonOf = (reason: string | null | undefined): string | null => reason?.trim() || null;

/** DELETE /api/posts/{publicId}?deleteAs=&deleteContent= {reason}. */
export const deletePost = defineMutation(
  [...keyRoots.posts, 'delete'],
  ({ post, deleteAs, deleteContent, reason }: { post: Post; deleteAs: UserGroup; deleteContent: boolean; reason?: string | null }): Promise<Post> =>
    api.deletePost(post.publicId, { deleteAs, deleteContent: deleteContent || undefined }, reasonOf(reason)),
);

/** PUT /api/posts/{publicId}?action=lock|unlock&lockAs= {reason}. */
export const lockPost = defineMutation(
  [...keyRoots.posts, 'lock'],
  ({ post, lock, as, reason }: { post: Post; lock: boolean; as: UserGroup; reason?: string | null }): Promise<Post> =>
    api.postAction(post.publicId, { action: lock ? 'lock' : 'unlock', lockAs: as }, reasonOf(reason)),
);

/** DELETE /api/posts/{publicId}/comments/{id}?deleteAs= {reason}. */
export const deleteComment = defineMutation(
  [...keyRoots.comments, 'delete'],
  ({ comment, deleteAs, reason }: { comment: Comment; deleteAs: UserGroup; reason?: string | null }): Promise<Comment> =>
    api.deleteComment(comment.postPublicId, comment.id, deleteAs, reasonOf(reason)),
);

export function registerContentWrites(client: QueryClient): void {
  registerMutations(client, [deletePost, lockPost, deleteComment]);
}
