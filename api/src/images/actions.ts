import { Messages } from '@quorum/shared/errors';
import { isUuid } from '@quorum/shared/schemas/common';
import type { Db } from '../db/connect.ts';
import { forbidden, notFound } from '../http/errors.ts';
import type { ImageJson } from './present.ts';
import { getImage, updateImageAltText } from './queries.ts';

/** Changes the alt text of an image; only its uploader may (403), and a missing image is a 404. */
export async function changeAltText(db: Db, user: { id: string }, imageId: string, altText: string | null): Promise<ImageJson> {
  const image = isUuid(imageId) ? await getImage(db, imageId) : undefined;
  if (!image) throw notFound(Messages.imageNotFound);
  if (image.uploadedBy !== user.id) throw forbidden();
  const updated = await updateImageAltText(db, image.id, altText?.trim() || null);
  if (!updated) throw notFound(Messages.imageNotFound);
  return updated;
}
