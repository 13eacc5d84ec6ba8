import type { Comment } from '@quorum/shared/entities/comments';
import type { UserGroup } from '@quorum/shared/entities/users';
import { api } from '../../../lib/api-client.ts';
import { writeComment } from '../../../lib/cache/comment-cache.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { commentKeys } from './keys.ts';

export const changeCommentGroup = defineMutation(
  commentKeys.mutation('change-group'),
  ({ comment, group }: { comment: Comment; group: UserGroup }): Promise<Comment> => api.changeCommentAs(comment.postPublicId, comment.id, group),
);

/** PUT ?action=changeAsUser&userGroup=: the author of a comment speaks as a mod, an admin or themself. */
export function useChangeCommentGroup() {
  return useDefinedMutation(changeCommentGroup, {
    onSuccess: (comment, _variables, _onMutateResult, { client }) => writeComment(client, comment),
  });
}
