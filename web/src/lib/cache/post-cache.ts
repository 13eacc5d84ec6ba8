import type { Post } from '@quorum/shared/entities/posts';
import type { QueryClient } from '@tanstack/react-query';
import { writeEntity, resolveWrite, type EntityWrite } from './entity-cache.ts';

/** Posts are the only entities with both a `publicId` and a `title`. */
export function isPost(value: object): value is Post {
  return 'publicId' in value && 'title' in value && 'upvotes' in value;
}

/**
 * Writes the post wherever it is cached: feeds, its page, lists, profiles. Answers to writes carry
 * neither the comments nor always the community, so the cached ones stay.
 */
export function writePost(client: QueryClient, ...write: EntityWrite<Post>): void {
  writeEntity(
    client,
    isPost,
    ...resolveWrite(write, (cached, post) => ({
      ...cached,
      ...post,
      community: cached.community ?? post.community,
      comments: cached.comments,
      commentsNext: cached.commentsNext,
    })),
  );
}
