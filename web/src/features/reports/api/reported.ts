import { queryOptions, skipToken, type QueryClient } from '@tanstack/react-query';
import { reportKeys } from './keys.ts';

/**
 * Whether the viewer has reported a post or a comment. The API does not say, so the app keeps what
 * it learns (a report accepted, or refused as a second one) in the query cache, which is saved for
 * offline use and dropped with the session like every answer; nothing is ever fetched.
 */
export const reportedOptions = (type: 'post' | 'comment', id: string) =>
  queryOptions<true>({
    queryKey: reportKeys.reported(type, id),
    queryFn: skipToken,
    staleTime: Infinity,
  });

export function markReported(client: QueryClient, type: 'post' | 'comment', id: string): void {
  client.setQueryData(reportedOptions(type, id).queryKey, true);
}
