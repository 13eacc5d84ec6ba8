import type { Post } from '@quorum/shared/entities/posts';
import type { QueryClient } from '@tanstack/react-query';
import { writeEntity } from './entity-cache.ts';

/** Posts are the only entities with both a `publicId` and a `title`. */
export function isPost(value: object): value is Post {
  return 'publicId' in value && 'title' in value && 'upvotes' in value;
}

/** Replaces the post with `id` wherever it is cached: feeds, its page, lists, profiles. */
export function updateCachedPost(client: QueryClient, id: string, update: (post: Post) => Post): void {
  writeEntity(client, isPost, id, update);
}

/**
 * Writes the server's answer over every cached copy of the post. Answers to writes carry neither
 * the comments nor always the community, so the cached ones stay.
 */
export function applyServerPost(client: QueryClient, post: Post): void {
  updateCachedPost(client, post.id, (cached) => ({
    ...cached,
    ...post,
    community: cached.community ?? post.community,
    comments: cached.comments,
    commentsNext: cached.commentsNext,
  }));
}
