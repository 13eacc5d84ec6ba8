import type { Comment } from '@quorum/shared/entities/comments';
import type { QueryClient } from '@tanstack/react-query';
import { writeEntity } from './entity-cache.ts';

export function isComment(value: object): value is Comment {
  return 'postPublicId' in value && 'parentId' in value && 'depth' in value;
}

/**
 * Replaces the comment with `id` wherever it is cached: the post's thread queries, the first
 * page that came with the post, profiles and lists.
 */
export function updateCachedComment(client: QueryClient, id: string, update: (comment: Comment) => Comment): void {
  writeEntity(client, isComment, id, update);
}
