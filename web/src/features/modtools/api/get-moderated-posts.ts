import { MODTOOLS_PAGE_SIZE } from '@quorum/shared/constants';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { modtoolsKeys, type ModeratedPostFilter } from './keys.ts';

/** GET /api/posts?communityId&filter=deleted|locked&page: one numbered page of the community's removed or locked posts. */
export const moderatedPostsOptions = (communityId: string, filter: ModeratedPostFilter, page: number) =>
  queryOptions({
    queryKey: modtoolsKeys.moderatedPostsPage(communityId, filter, page),
    queryFn: ({ signal }) => api.getModeratedPosts(communityId, { filter, page, limit: MODTOOLS_PAGE_SIZE }, signal),
    meta: { persist: false },
  });
