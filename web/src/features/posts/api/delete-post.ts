import type { PostsPage } from '@quorum/shared/entities/posts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { writePost } from '../../../lib/cache/post-cache.ts';
import { deletePost } from '../../../lib/content-writes.ts';
import { useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { postKeys } from './keys.ts';

/** Takes a post out of the cached feeds, which the server no longer fills with it. */
function removeFromFeeds(client: QueryClient, postId: string): void {
  client.setQueriesData<InfiniteData<PostsPage>>({ queryKey: postKeys.feeds() }, (feed) =>
    feed && { ...feed, pages: feed.pages.map((page) => ({ ...page, posts: page.posts.filter((post) => post.id !== postId) })) },
  );
}

/**
 * DELETE /api/posts/{publicId}?deleteAs=&deleteContent=, as the author (normal), a moderator or
 * an admin, with or without the post's images or link. The post stays where it is shown, marked
 * deleted, with its content stripped as the server answers. The author's deletion also leaves the
 * cached feeds at once: the author is taken to the community's page, whose feed must not show it.
 */
export function useDeletePost() {
  return useDefinedMutation(deletePost, {
    onSuccess: (post, { deleteAs }, _onMutateResult, { client }) => {
      writePost(client, post);
      if (deleteAs === 'normal') removeFromFeeds(client, post.id);
    },
  });
}
