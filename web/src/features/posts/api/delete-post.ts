import type { Post, UserGroup } from '@quorum/shared/types';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { applyServerPost } from './post-actions.ts';

export interface DeletePostOptions {
  /** Who deletes: the author (normal), a moderator or an admin. */
  deleteAs: UserGroup;
  /** Also delete the post's images or link (authors and admins). */
  deleteContent: boolean;
}

/**
 * DELETE /api/posts/{publicId}?deleteAs=&deleteContent=. The post stays where it is shown,
 * marked deleted, with its content stripped as the server answers.
 */
export function useDeletePost() {
  return useMutation({
    mutationFn: ({ post, deleteAs, deleteContent }: { post: Post } & DeletePostOptions) =>
      api.deletePost(post.publicId, { deleteAs, deleteContent: deleteContent || undefined }),
    onSuccess: (post, _variables, _onMutateResult, { client }) => applyServerPost(client, post),
  });
}
