import type { Image } from '@quorum/shared/entities/images';
import { ApiError } from '@quorum/client/api-error';
import { api } from '../../../lib/api-client.ts';
import { keyRoots } from '../../../lib/cache/key-roots.ts';
import { writeUser } from '../../../lib/cache/user-cache.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { userKeys } from './keys.ts';

interface ProPicAltText {
  userId: string;
  imageId: string;
  /** Empty text clears the description. */
  altText: string;
}

export const saveProPicAltText = defineMutation(userKeys.mutation('pro-pic-alt-text'), ({ imageId, altText }: ProPicAltText): Promise<Image> =>
  api.setImageAltText(imageId, altText.trim() || null),
);

/** PUT /api/images/{id} with {altText} for the owner's profile picture. */
export function useSaveProPicAltText() {
  return useDefinedMutation(saveProPicAltText, {
    // The form shows every failure in its words.
    meta: { handlesError: () => true },
    onSuccess: (image, { userId }, _onMutateResult, { client }) =>
      writeUser(client, userId, (cached) => (cached.proPic?.id === image.id ? { ...cached, proPic: image } : cached)),
    // The picture is gone (removed elsewhere): the profile and the session learn so.
    onError: async (error, _variables, _onMutateResult, { client }) => {
      if (!(error instanceof ApiError && error.status === 404)) return;
      await Promise.all([client.invalidateQueries({ queryKey: userKeys.all }), client.invalidateQueries({ queryKey: keyRoots.session })]);
    },
  });
}
