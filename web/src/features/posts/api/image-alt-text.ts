import type { Image } from '@quorum/shared/entities/images';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { postKeys } from './keys.ts';

export const saveAltText = defineMutation(
  postKeys.mutation('alt-text'),
  ({ imageId, altText }: { imageId: string; altText: string }): Promise<Image> => api.setImageAltText(imageId, altText.trim() === '' ? null : altText.trim())
);

/** PUT /api/images/{id} with {altText}: describes an uploaded image (empty text clears it). */
export function useSaveAltText() {
  return useDefinedMutation(saveAltText);
}
