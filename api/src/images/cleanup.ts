// Removes images nobody can see any more: those marked deleted (a deleted post's, a replaced
// community icon) and uploads never put to use. The rows go first, in one statement that checks
// again that each is still removable, then their files.
import { UNATTACHED_IMAGE_HOURS } from '@quorum/shared/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect.ts';
import { copyKey, originalKey } from './process.ts';
import type { ImageJson } from './present.ts';
import type { ImageStore } from './storage.ts';

/** How often the server looks for images to remove. */
export const IMAGE_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
const BATCH = 200;

interface RemovedImage {
  storeKey: string;
  format: ImageJson['format'];
  copies: ImageJson['copies'];
}

/** Deletes up to BATCH removable image rows and answers what their files were. */
async function deleteRemovableImages(db: Db): Promise<RemovedImage[]> {
  return db<RemovedImage[]>`
    delete from images
    where id in (
      select i.id from images i
      where i.deleted_at is not null
         or (i.attached_at is null
             and i.created_at < now() - make_interval(hours => ${UNATTACHED_IMAGE_HOURS})
             and not exists (select 1 from users u where u.pro_pic_id = i.id)
             and not exists (select 1 from communities c where c.pro_pic_id = i.id or c.banner_image_id = i.id)
             and not exists (select 1 from posts p where p.link_image_id = i.id)
             and not exists (select 1 from post_images pi where pi.image_id = i.id))
      limit ${BATCH})
      and (deleted_at is not null or attached_at is null)
    returning store_key, format, copies`;
}

/** Removes every removable image, rows and files; answers how many. */
export async function cleanImages(db: Db, store: ImageStore): Promise<number> {
  let removed = 0;
  for (;;) {
    const images = await deleteRemovableImages(db);
    for (const image of images) {
      const keys = [originalKey(image.storeKey, image.format), ...image.copies.map((c) => copyKey(image.storeKey, c.name, c.format ?? image.format))];
      await Promise.all(keys.map((key) => store.delete(key)));
    }
    removed += images.length;
    if (images.length < BATCH) return removed;
  }
}

/** Runs `cleanImages` every IMAGE_CLEANUP_INTERVAL_MS until the answered stop function is called. */
export function startImageCleanup(db: Db, store: ImageStore, log: FastifyBaseLogger): () => void {
  const timer = setInterval(() => {
    cleanImages(db, store).then(
      (removed) => removed > 0 && log.info({ removed }, 'removed unused images'),
      (err: unknown) => log.error({ err }, 'image cleanup failed'),
    );
  }, IMAGE_CLEANUP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
