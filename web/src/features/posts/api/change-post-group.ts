import type { Post } from '@quorum/shared/entities/posts';
import type { UserGroup } from '@quorum/shared/entities/users';
import { api } from '../../../lib/api-client.ts';
import { writePost } from '../../../lib/cache/post-cache.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { postKeys } from './keys.ts';

export const changePostGroup = defineMutation(postKeys.mutation('change-group'), ({ post, group }: { post: Post; group: UserGroup }): Promise<Post> =>
  api.postAction(post.publicId, { action: 'changeAsUser', userGroup: group }),
);

/** PUT ?action=changeAsUser&userGroup=: the author speaks as a mod, an admin or themself. */
export function useChangePostGroup() {
  return useDefinedMutation(changePostGroup, {
    onSuccess: (post, _variables, _onMutateResult, { client }) => writePost(client, post),
  });
}
