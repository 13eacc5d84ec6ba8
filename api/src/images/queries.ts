import { isUuid } from '@quorum/shared/schemas/common';
import type { Db } from '../db/connect.ts';
import type { ImageJson } from './present.ts';

/** The `ImageJson` object of the images row named `i`, for statements that select from images. */
export function imageObject(db: Db) {
  return db`json_build_object('id', i.id, 'format', i.format, 'width', i.width, 'height', i.height,
    'altText', i.alt_text, 'averageColor', i.average_color, 'copies', i.copies)`;
}

/**
 * An image as a JSON object (the `ImageJson` shape, or null when missing or deleted), for
 * embedding in other statements: `${imageJson(db, db`u.pro_pic_id`)} as pro_pic`.
 */
export function imageJson(db: Db, id: ReturnType<Db>) {
  return db`(select ${imageObject(db)} from images i where i.id = ${id} and i.deleted_at is null)`;
}

export interface NewImage {
  storeName: string;
  storeKey: string;
  format: ImageJson['format'];
  width: number;
  height: number;
  size: number;
  uploadSize: number;
  averageColor: string;
  copies: ImageJson['copies'];
  uploadedBy: string | null;
}

export async function insertImage(db: Db, image: NewImage): Promise<ImageJson> {
  const [row] = await db<ImageJson[]>`
    insert into images (store_name, store_key, format, width, height, size, upload_size, average_color, copies, uploaded_by)
    values (${image.storeName}, ${image.storeKey}, ${image.format}, ${image.width}, ${image.height}, ${image.size},
            ${image.uploadSize}, ${image.averageColor}, ${db.json(image.copies as never)}, ${image.uploadedBy})
    returning id, format, width, height, alt_text, average_color, copies`;
  if (!row) throw new Error('insert into images returned no row');
  return row;
}

/** What answering for an image needs besides its JSON: where its files are and who uploaded it. */
export interface ImageRow extends ImageJson {
  storeKey: string;
  uploadedBy: string | null;
}

/** A live (not deleted) image. */
export async function getImage(db: Db, id: string): Promise<ImageRow | undefined> {
  const [row] = await db<ImageRow[]>`
    select id, format, width, height, alt_text, average_color, copies, store_key, uploaded_by
    from images where id = ${id} and deleted_at is null`;
  return row;
}

/**
 * A live image and, when it belongs to a deleted post whose content is kept, that post's author:
 * then only the author and admins may see its files, like the post itself.
 */
export async function getImageFile(db: Db, id: string): Promise<(ImageRow & { deletedPostAuthorId: string | null }) | undefined> {
  const [row] = await db<(ImageRow & { deletedPostAuthorId: string | null })[]>`
    select i.id, i.format, i.width, i.height, i.alt_text, i.average_color, i.copies, i.store_key, i.uploaded_by,
      coalesce(
        (select p.user_id from post_images pi join posts p on p.id = pi.post_id
          where pi.image_id = i.id and p.deleted_at is not null),
        (select p.user_id from posts p where p.link_image_id = i.id and p.deleted_at is not null)
      ) as deleted_post_author_id
    from images i where i.id = ${id} and i.deleted_at is null`;
  return row;
}

export async function updateImageAltText(db: Db, id: string, altText: string | null): Promise<ImageJson | undefined> {
  const [row] = await db<ImageJson[]>`
    update images set alt_text = ${altText} where id = ${id} and deleted_at is null
    returning id, format, width, height, alt_text, average_color, copies`;
  return row;
}

/**
 * Marks fresh uploads of `userId` among `ids` as attached; answers how many were. Fewer than
 * asked means some are not the user's own, unattached, live uploads.
 */
export async function attachImages(db: Db, ids: readonly string[], userId: string): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db`
    update images set attached_at = now()
    where id = any(${[...ids]}::uuid[]) and uploaded_by = ${userId} and attached_at is null and deleted_at is null
    returning id`;
  return rows.length;
}

/** Marks an image deleted: it is no longer served, and its files may be removed. */
export async function markImageDeleted(db: Db, id: string): Promise<void> {
  await db`update images set deleted_at = now() where id = ${id} and deleted_at is null`;
}

/** The alt texts of images `ids` that have one. */
export async function getAltTexts(db: Db, ids: readonly string[]): Promise<string[]> {
  const uuids = ids.filter(isUuid);
  if (uuids.length === 0) return [];
  const rows = await db<{ altText: string }[]>`select alt_text from images where id = any(${uuids}::uuid[]) and alt_text is not null`;
  return rows.map((row) => row.altText);
}
