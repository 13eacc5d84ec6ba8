import type { Post } from '@quorum/shared/types';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { postFormError } from './create-post.ts';
import { postKeys } from './keys.ts';
import { updateCachedPost } from './vote-post.ts';

export interface UpdatePostBody {
  title: string;
  /** Text posts only; the server ignores it for image and link posts. */
  body?: string | null;
}

/** PUT /api/posts/{publicId} with {title, body}: the author edits the post. */
export function useUpdatePost(publicId: string) {
  return useMutation({
    mutationFn: (body: UpdatePostBody) => api.updatePost(publicId, body),
    networkMode: 'always',
    meta: { handlesError: (error) => postFormError(error, { communityName: '', creating: false }) !== null },
    onSuccess: (post: Post, _body, _onMutateResult, { client }) => {
      // The answer has no comments: keep the cached ones and change only what an edit changes.
      updateCachedPost(client, post.id, (cached) => ({ ...cached, title: post.title, body: post.body, editedAt: post.editedAt }));
      return client.invalidateQueries({ queryKey: postKeys.detail(publicId), refetchType: 'none' });
    },
  });
}
