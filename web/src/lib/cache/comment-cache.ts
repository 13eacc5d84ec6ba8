import type { Comment } from '@quorum/shared/entities/comments';
import type { QueryClient } from '@tanstack/react-query';
import { writeEntity, resolveWrite, type EntityWrite } from './entity-cache.ts';

export function isComment(value: object): value is Comment {
  return 'postPublicId' in value && 'parentId' in value && 'depth' in value;
}

/**
 * Writes the comment wherever it is cached: the post's thread queries, the first page that came
 * with the post, profiles and lists.
 */
export function writeComment(client: QueryClient, ...write: EntityWrite<Comment>): void {
  writeEntity(client, isComment, ...resolveWrite(write, (cached, comment) => ({ ...cached, ...comment })));
}
