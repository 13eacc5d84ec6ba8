import type { FastifyBaseLogger } from 'fastify';
import type { Sql } from '../db/connect.ts';
import { setLinkImage } from './queries.ts';

/** Fetches a link's preview image and stores it; resolves to the image id, or null. */
export type LinkImageSaver = (url: string, userId: string) => Promise<string | null>;

/**
 * Link thumbnails are fetched after the post is created, so a slow site never holds up posting; a
 * failure leaves the post without one. `settle` waits for the fetches under way (on close).
 */
export function linkThumbnails(sql: Sql, save: LinkImageSaver | undefined, log: FastifyBaseLogger) {
  const tasks = new Set<Promise<void>>();
  return {
    add(postId: string, url: string, userId: string): void {
      if (!save) return;
      const task = (async () => {
        const imageId = await save(url, userId);
        if (imageId) await sql.begin((tx) => setLinkImage(tx, postId, imageId, userId));
      })()
        .catch((error: unknown) => log.warn({ err: error, postId }, 'could not save a link thumbnail'))
        .finally(() => tasks.delete(task));
      tasks.add(task);
    },
    async settle(): Promise<void> {
      await Promise.allSettled(tasks);
    },
  };
}
