import type { UserFeedPage } from '@quorum/shared/entities/posts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { userFeedKeys, type UserFeedFilter } from './keys.ts';

/** GET /api/users/{username}/feed: the user's posts and comments, page by page. */
export const userFeedOptions = (username: string, filter: UserFeedFilter) =>
  infiniteQueryOptions({
    queryKey: userFeedKeys.feed(username, filter),
    queryFn: ({ pageParam, signal }): Promise<UserFeedPage> =>
      api.getUserFeed(username, { filter: filter === 'overview' ? undefined : filter, next: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });
