import type { PostsPage } from '@quorum/shared/entities/posts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { postKeys, type FeedParams } from './keys.ts';

/**
 * GET /api/posts: a feed, page by page; the opaque `next` cursor is null at the end. The saved copy
 * of the feeds the home page shows (the member's communities, or all) is refreshed in the
 * background where the browser allows it.
 */
export const feedOptions = (params: FeedParams) =>
  infiniteQueryOptions({
    queryKey: postKeys.feed(params),
    meta:
      (params.feed === 'home' || params.feed === 'all') && !params.communityId && !params.from
        ? { backgroundRefresh: { call: 'feed', feed: params.feed, sort: params.sort } }
        : undefined,
    queryFn: ({ pageParam, signal }): Promise<PostsPage> =>
      api.getPosts({ feed: params.feed, communityId: params.communityId, sort: params.sort, next: pageParam }, signal),
    initialPageParam: (params.from ?? null) as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });
