import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { postKeys } from './keys.ts';
import { staleTimes } from '../../../lib/query-client.ts';

/** GET /api/_link_info?url=: the title of the page at `url`, empty when it has none or cannot be fetched. */
export const linkInfoOptions = (url: string) =>
  queryOptions({
    queryKey: postKeys.linkInfo(url),
    queryFn: async () => (await api.getLinkInfo(url)).title,
    staleTime: staleTimes.seldom,
    retry: false,
    // The title is only a suggestion: a page that cannot be fetched simply offers none. It is
    // worth nothing offline, so it is not saved.
    meta: { silent: true, persist: false },
  });
