import type { Feed, FeedSort } from '@quorum/shared/entities/posts';
import { keyRoots } from '../../../lib/cache/key-roots.ts';

export interface FeedParams {
  feed?: Feed;
  communityId?: string;
  sort: FeedSort;
  /** The cursor the feed starts at (the address's `next`: a later page opened by its link); absent for the first page. */
  from?: string;
}

/** Query keys of posts: feeds (infinite queries of PostsPage) and single posts. */
export const postKeys = {
  all: keyRoots.posts,
  feeds: () => keyRoots.feeds,
  feed: (params: FeedParams) => [...postKeys.feeds(), params] as const,
  details: () => [...postKeys.all, 'detail'] as const,
  detail: (publicId: string) => [...postKeys.details(), publicId] as const,
  /** The title of the page a link post points to. */
  linkInfo: (url: string) => [...postKeys.all, 'link-info', url] as const,
  /** The key of one of the feature's mutations (their defaults are registered in register.ts). */
  mutation: (name: string) => [...postKeys.all, name] as const,
};
