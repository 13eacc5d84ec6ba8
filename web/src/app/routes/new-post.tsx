import { ApiError } from '@quorum/client/api-error';
import { LOADING_DELAY_MS } from '@quorum/shared/constants';
import { Messages } from '@quorum/shared/errors';
import type { Community } from '@quorum/shared/entities/communities';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ForbiddenPage } from '../../components/errors/forbidden.tsx';
import { LoadFailed } from '../../components/errors/load-failed.tsx';
import { NotFoundPage } from '../../components/errors/not-found.tsx';
import { StatusPage } from '../../components/errors/status-page.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { communityOptions } from '../../features/communities/api/get-community.ts';
import { CommunityPicker } from '../../features/communities/components/community-picker.tsx';
import { postOptions } from '../../features/posts/api/get-post.ts';
import { CommunitySidebar } from '../../features/communities/components/community-sidebar.tsx';
import { CommunityAsideSkeleton, PostingTips } from '../../features/posts/components/post-form/community-aside.tsx';
import { PostForm } from '../../features/posts/components/post-form/post-form.tsx';
import { useDelayedFlag } from '../../hooks/use-delayed-flag.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useSessionUser } from '../../lib/session/get-initial.ts';

/**
 * The community of a post being written, by name: from the cache, the post being edited (which
 * comes with its community) or the server.
 */
function useCommunity(name: string, known?: { community: Community | undefined; updatedAt: number }) {
  const query = useQuery({
    ...communityOptions(name),
    enabled: name !== '',
    initialData: known?.community,
    initialDataUpdatedAt: known?.updatedAt,
  });
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  return { community: query.data ?? null, loading: name !== '' && query.isPending, notFound };
}

function NewPost({ initialCommunity }: { initialCommunity: string }) {
  // The chosen community is the user's choice (a name); its data stays in the query cache.
  const [communityName, setCommunityName] = useState(initialCommunity);
  const { community, loading, notFound } = useCommunity(communityName);
  const communityInputRef = useRef<HTMLInputElement>(null);
  useDocumentTitle('Create a post');

  return (
    <div className="post-editor">
      <h1 className="page-title">Create a post</h1>
      <div className="post-editor__columns">
        <PostForm
          community={community}
          communityLoading={loading}
          communityInputRef={communityInputRef}
          renderCommunityField={(error) => (
            <CommunityPicker
              value={community}
              pendingName={communityName || undefined}
              onChange={(chosen) => setCommunityName(chosen.name)}
              error={notFound ? Messages.communityNotFound : error}
              inputRef={communityInputRef}
            />
          )}
        />
        <CommunityAside community={community} loading={loading} />
      </div>
    </div>
  );
}

function EditPost({ publicId }: { publicId: string }) {
  const user = useSessionUser();
  const post = useQuery(postOptions(publicId));
  const { community, loading } = useCommunity(post.data?.communityName ?? '', { community: post.data?.community, updatedAt: post.dataUpdatedAt });
  const showLoading = useDelayedFlag(post.isPending, LOADING_DELAY_MS);
  useDocumentTitle('Edit post');

  if (post.isPending) {
    return showLoading ? <EditorSkeleton /> : null;
  }
  if (post.isError) {
    if (post.error instanceof ApiError && post.error.status === 404) return <NotFoundPage />;
    return <LoadFailed query={post} variant="page" message="The post could not be loaded." />;
  }
  if (post.data.userId !== user?.id) return <ForbiddenPage />;
  if (post.data.deletedAt) {
    return (
      <StatusPage icon="lock" title="This post has been deleted.">
        <p className="status-page__text">A deleted post cannot be edited.</p>
      </StatusPage>
    );
  }

  return (
    <div className="post-editor">
      <h1 className="page-title">Edit post</h1>
      <div className="post-editor__columns">
        <PostForm community={community} communityLoading={loading} post={post.data} />
        <CommunityAside community={community} loading={loading} />
      </div>
    </div>
  );
}

/** Beside the form: the chosen community, or tips before one is chosen. */
function CommunityAside({ community, loading }: { community: Community | null; loading: boolean }) {
  return (
    <aside className="post-aside" aria-label={community ? `About ${community.name}` : 'Posting tips'}>
      {community ? <CommunitySidebar community={community} /> : loading ? <CommunityAsideSkeleton /> : <PostingTips />}
    </aside>
  );
}

function EditorSkeleton() {
  return (
    <div className="post-editor" aria-busy="true">
      <h1 className="page-title">Edit post</h1>
      <div className="post-editor__columns">
        <div className="card post-form">
          <Skeleton width="30%" height={14} />
          <Skeleton width="100%" height={44} radius={12} />
          <Skeleton width="100%" height={44} radius={12} />
          <Skeleton width="100%" height={180} radius={12} />
        </div>
      </div>
    </div>
  );
}

/** /new: write a post; /new?community={name} starts in that community; /new?edit={publicId} edits a post. */
export function NewPostRoute() {
  const [params] = useSearchParams();
  const editId = params.get('edit');
  const communityName = params.get('community') ?? '';
  // A new address starts a new form (the leave confirmation has asked before it changes).
  if (editId) return <EditPost key={editId} publicId={editId} />;
  return <NewPost key={communityName} initialCommunity={communityName} />;
}
