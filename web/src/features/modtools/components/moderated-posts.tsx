import { MODTOOLS_PAGE_SIZE } from '@quorum/shared/constants';
import type { Community } from '@quorum/shared/entities/communities';
import type { Post } from '@quorum/shared/entities/posts';
import type { UserGroup } from '@quorum/shared/entities/users';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailed } from '../../../components/errors/load-failed.tsx';
import { Pagination, usePageParam } from '../../../components/ui/pagination.tsx';
import { moderatedPostsOptions } from '../api/get-moderated-posts.ts';
import type { ModeratedPostFilter } from '../api/keys.ts';
import { ModtoolsListSkeleton } from './list-states.tsx';
import { ModtoolsPage } from './modtools-layout.tsx';

const TITLES: Record<ModeratedPostFilter, { title: string; empty: string }> = {
  deleted: { title: 'Removed', empty: 'No removed posts.' },
  locked: { title: 'Locked', empty: 'No locked posts.' },
};

const BY: Record<UserGroup, string> = { normal: 'by the author', mods: 'by a moderator', admins: 'by an admin' };

/** Who removed or locked the post, as the queue says it. */
function actedBy(post: Post, filter: ModeratedPostFilter): string {
  if (filter === 'deleted') return `Removed ${BY[post.deletedAs ?? 'normal']}`;
  return `Locked ${BY[post.lockedByGroup ?? 'mods']}`;
}

interface ModeratedPostsProps {
  community: Community;
  filter: ModeratedPostFilter;
  /** Draws one post (a feed card with voting off). */
  renderPost: (post: Post) => ReactNode;
}

/** The community's removed or locked posts, ten a page, newest first, each saying who acted on it. */
export function ModeratedPosts({ community, filter, renderPost }: ModeratedPostsProps) {
  const page = usePageParam();
  const query = useQuery(moderatedPostsOptions(community.id, filter, page));
  const { title, empty } = TITLES[filter];
  const total = query.data ? Math.ceil(query.data.noPosts / MODTOOLS_PAGE_SIZE) : 0;

  let content: ReactNode;
  if (query.data) {
    content =
      query.data.posts.length === 0 ? (
        <p className="card modtools-empty">{empty}</p>
      ) : (
        <ul className="modtools-posts" aria-label={title}>
          {query.data.posts.map((post) => (
            <li key={post.id} className="modtools-posts__item">
              <p className="modtools-posts__by">{actedBy(post, filter)}</p>
              {renderPost(post)}
            </li>
          ))}
        </ul>
      );
  } else if (query.isError) {
    content = <LoadFailed query={query} variant="compact" className="card modtools-empty" />;
  } else {
    content = <ModtoolsListSkeleton />;
  }

  return (
    <ModtoolsPage title={title}>
      {content}
      <Pagination page={page} total={total} label={`${title} pages`} />
    </ModtoolsPage>
  );
}
