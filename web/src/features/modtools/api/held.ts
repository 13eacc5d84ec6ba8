import { ApiError } from '@quorum/client/api-error';
import type { HeldItem, HeldPage } from '@quorum/shared/entities/automod';
import type { heldActionBody } from '@quorum/shared/schemas/automod';
import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { InferInput } from 'valibot';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { api } from '../../../lib/api-client.ts';
import { writeComment } from '../../../lib/cache/comment-cache.ts';
import { keyRoots } from '../../../lib/cache/key-roots.ts';
import { writePost } from '../../../lib/cache/post-cache.ts';
import { reasonOf } from '../../../lib/content-writes.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { modtoolsKeys } from './keys.ts';
import { refreshModeration } from './refresh-moderation.ts';

type HeldAction = InferInput<typeof heldActionBody>['action'];

/** The id the queue's actions name an item by: the comment's for a comment, else the post's. */
export function heldItemId(item: HeldItem): string {
  return item.comment?.id ?? item.post.id;
}

/**
 * GET /api/communities/{id}/held?next=: what waits for approval, oldest first, page by page; each
 * page carries how many wait in all. The mod tools' navigation reads the count from the first page
 * of this same query, so that the badge and the list agree.
 */
export const heldOptions = (communityId: string) =>
  infiniteQueryOptions({
    queryKey: modtoolsKeys.held(communityId),
    queryFn: ({ pageParam, signal }) =>
      api.getHeld(communityId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
    meta: { persist: false },
  });

export const actOnHeld = defineMutation(
  modtoolsKeys.mutation('act-on-held'),
  ({ communityId, item, action, reason }: { communityId: string; item: HeldItem; action: HeldAction; reason?: string | null }): Promise<void> =>
    api.actOnHeld(communityId, heldItemId(item), action, action === 'remove' ? reasonOf(reason) : null),
);

/** The queue without the item, one fewer waiting; the list and the navigation's badge change at once. */
function dropHeldItem(client: QueryClient, communityId: string, itemId: string): void {
  client.setQueryData<InfiniteData<HeldPage, string | null>>(modtoolsKeys.held(communityId), (data) => {
    if (!data?.pages.some((page) => page.items.some((item) => heldItemId(item) === itemId))) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.filter((item) => heldItemId(item) !== itemId),
        count: Math.max(0, page.count - 1),
      })),
    };
  });
}

/** Another moderator got there first: the server says so (404). */
function isAlreadyHandled(error: Error): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * POST /api/communities/{id}/held/{itemId} {action, reason}. Approving publishes the item as it
 * was, so the copies shown lose their mark and the feeds are read again; removing deletes it,
 * which may add it to the removed posts and settle its automatic reports.
 */
export function useActOnHeld() {
  const alerts = useAlerts();
  return useDefinedMutation(actOnHeld, {
    meta: { handlesError: isAlreadyHandled },
    onError: (error, { communityId, item }, _onMutateResult, { client }) => {
      if (!isAlreadyHandled(error)) return;
      alerts.show(error.message);
      dropHeldItem(client, communityId, heldItemId(item));
      return client.invalidateQueries({ queryKey: modtoolsKeys.held(communityId) });
    },
    // Announced here rather than by the card, which leaves the screen as the item leaves the queue.
    onSuccess: (_answer, { communityId, item, action }, _onMutateResult, { client }) => {
      alerts.show(action === 'approve' ? 'Approved.' : 'Removed.');
      dropHeldItem(client, communityId, heldItemId(item));
      const refreshed: Promise<unknown>[] = [client.invalidateQueries({ queryKey: modtoolsKeys.held(communityId) })];
      if (action === 'approve') {
        if (item.comment) writeComment(client, item.comment.id, (cached) => ({ ...cached, held: false }));
        else writePost(client, item.post.id, (cached) => ({ ...cached, held: false }));
        refreshed.push(client.invalidateQueries({ queryKey: keyRoots.feeds }));
      } else {
        refreshed.push(refreshModeration(client, communityId));
      }
      return Promise.all(refreshed);
    },
  });
}
