// Used by both their own feature and modtools, which may not import each other, so defined here.
import type { Comment } from '@quorum/shared/entities/comments';
import type { Post } from '@quorum/shared/entities/posts';
import type { UserGroup } from '@quorum/shared/entities/users';
import type { QueryClient } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { keyRoots } from './cache/key-roots.ts';
import { defineMutation, registerMutations } from './mutation-definition.ts';

/** DELETE /api/posts/{publicId}?deleteAs=&deleteContent=. */
export const deletePost = defineMutation(
  [...keyRoots.posts, 'delete'],
  ({ post, deleteAs, deleteContent }: { post: Post; deleteAs: UserGroup; deleteContent: boolean }): Promise<Post> =>
    api.deletePost(post.publicId, { deleteAs, deleteContent: deleteContent || undefined }),
);

/** PUT /api/posts/{publicId}?action=lock|unlock&lockAs=. */
export const lockPost = defineMutation([...keyRoots.posts, 'lock'], ({ post, lock, as }: { post: Post; lock: boolean; as: UserGroup }): Promise<Post> =>
  api.postAction(post.publicId, { action: lock ? 'lock' : 'unlock', lockAs: as }),
);

/** DELETE /api/posts/{publicId}/comments/{id}?deleteAs=. */
export const deleteComment = defineMutation(
  [...keyRoots.comments, 'delete'],
  ({ comment, deleteAs }: { comment: Comment; deleteAs: UserGroup }): Promise<Comment> => api.deleteComment(comment.postPublicId, comment.id, deleteAs),
);

export function registerContentWrites(client: QueryClient): void {
  registerMutations(client, [deletePost, lockPost, deleteComment]);
}
