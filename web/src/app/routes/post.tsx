import { ApiError } from '@quorum/client/api-error';
import { LOADING_DELAY_MS } from '@quorum/shared/constants';
import type { Post } from '@quorum/shared/entities/posts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { ErrorBoundary } from '../../components/errors/error-boundary.tsx';
import { LoadFailed } from '../../components/errors/load-failed.tsx';
import { NotFoundPage } from '../../components/errors/not-found.tsx';
import { SavedCopyNote } from '../../components/ui/saved-copy-note.tsx';
import { paths } from '../../config/paths.ts';
import { CommentsSection } from '../../features/comments/components/comments-section.tsx';
import { communityOptions } from '../../features/communities/api/get-community.ts';
import { CommunitySidebar } from '../../features/communities/components/community-sidebar.tsx';
import { postOptions } from '../../features/posts/api/get-post.ts';
import { PostPageSkeleton } from '../../features/posts/components/post-page/post-page-skeleton.tsx';
import { PostView } from '../../features/posts/components/post-page/post-view.tsx';
import { useDelayedFlag } from '../../hooks/use-delayed-flag.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { writePost } from '../../lib/cache/post-cache.ts';
import { isUnavailableOffline } from '../../lib/offline.ts';
import '../../features/posts/components/post-page/post-page.css';

function CommentsFailed() {
  return (
    <section className="comments card" role="alert">
      <p className="comments__empty">The comments couldn't be shown. Reload the page to try again.</p>
    </section>
  );
}

/** The post with its comments, and its community beside them on wide screens. */
function LoadedPost({ post, updatedAt, focusId }: { post: Post; updatedAt: number; focusId: string | null }) {
  const client = useQueryClient();
  // The community card and the mod menus read the community from its own cache entry, started
  // from the one that came with the post, so that joining shows here too.
  const { data: community } = useQuery({
    ...communityOptions(post.communityName),
    initialData: post.community,
    initialDataUpdatedAt: updatedAt,
  });
  const postId = post.id;
  const onCountChange = useCallback(
    (delta: number) => writePost(client, postId, (cached) => ({ ...cached, noComments: Math.max(0, cached.noComments + delta) })),
    [client, postId],
  );
  const isMod = community?.userMod === true;

  return (
    <div className="columns">
      <div className="columns__main post-layout__main">
        <SavedCopyNote updatedAt={updatedAt} />
        <PostView post={post} isMod={isMod} />
        <ErrorBoundary fallback={<CommentsFailed />}>
          <CommentsSection post={post} postUpdatedAt={updatedAt} isMod={isMod} focusId={focusId} onCountChange={onCountChange} />
        </ErrorBoundary>
      </div>
      {community && (
        <aside className="columns__aside columns__aside--wide-only" aria-label={`/${community.name}`}>
          <CommunitySidebar community={community} />
        </aside>
      )}
    </div>
  );
}

/** /{communityName}/post/{publicId} and /{communityName}/post/{publicId}/{commentId}. */
export function PostRoute() {
  const { communityName = '', publicId = '', commentId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const query = useQuery(postOptions(publicId));
  const post = query.data;
  const showSkeleton = useDelayedFlag(query.isPending, LOADING_DELAY_MS);
  useDocumentTitle(post?.title);

  // The address names the post's real community, even when a link had another one.
  const realCommunity = post?.communityName;
  useEffect(() => {
    if (!realCommunity || realCommunity === communityName) return;
    const pathname = commentId ? paths.comment.getHref(realCommunity, publicId, commentId) : paths.post.getHref(realCommunity, publicId);
    navigate({ pathname, search: location.search, hash: location.hash }, { replace: true });
  }, [realCommunity, communityName, publicId, commentId, location.search, location.hash, navigate]);

  if (post) return <LoadedPost key={post.id} post={post} updatedAt={query.dataUpdatedAt} focusId={commentId ?? null} />;
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
  if (isUnavailableOffline(query) || query.isError) {
    return <LoadFailed query={query} variant="page" savedCopy="page" message="The post couldn't be loaded. Check your connection and try again." />;
  }
  return showSkeleton ? <PostPageSkeleton /> : null;
}
