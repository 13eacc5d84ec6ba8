import { mutations, useDefinedMutation } from '../../../lib/mutations.ts';

/** PUT /api/images/{id} with {altText}: describes an uploaded image (empty text clears it). */
export function useSaveAltText() {
  return useDefinedMutation(mutations.saveAltText);
}
