import type { Image } from '@quorum/shared/types';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** PUT /api/images/{id} with {altText}: describes an uploaded image (empty text clears it). */
export function useSaveAltText() {
  return useMutation({
    mutationFn: ({ imageId, altText }: { imageId: string; altText: string }): Promise<Image> =>
      api.setImageAltText(imageId, altText.trim() === '' ? null : altText.trim()),
    networkMode: 'always',
  });
}
