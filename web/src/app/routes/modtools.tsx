import { COMMUNITY_NAME_PATTERN } from '@quorum/shared/constants';
import type { Community } from '@quorum/shared/entities/communities';
import type { Post } from '@quorum/shared/entities/posts';
import type { User } from '@quorum/shared/entities/users';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { ForbiddenPage } from '../../components/errors/forbidden.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { CommunityAutoModSection } from '../../features/automod/components/community-automod-section.tsx';
import { communityOptions } from '../../features/communities/api/get-community.ts';
import { CommunityImagesSetting } from '../../features/communities/components/community-images-setting.tsx';
import { ApprovalQueueSection } from '../../features/modtools/components/approval-queue.tsx';
import { BannedSection } from '../../features/modtools/components/banned-section.tsx';
import { CommunitySettings } from '../../features/modtools/components/community-settings.tsx';
import { ModeratedPosts } from '../../features/modtools/components/moderated-posts.tsx';
import { ModsSection } from '../../features/modtools/components/mods-section.tsx';
import { ModtoolsLayout, ModtoolsPage } from '../../features/modtools/components/modtools-layout.tsx';
import { ReportsSection } from '../../features/modtools/components/reports-section.tsx';
import { RulesSection } from '../../features/modtools/components/rules-section.tsx';
import { PostCard } from '../../features/posts/components/post-card/post-card.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useSessionUser } from '../../lib/session/get-initial.ts';
import { CommunityLoadProblem, communityLoadFailed } from './community-load-problem.tsx';
import { NotFoundRoute } from './not-found.tsx';
import '../../features/posts/components/feed/feed.css';

/** Posts in modtools are feed cards that cannot be voted on. */
const renderPost = (post: Post) => <PostCard post={post} votingDisabled />;

function ModtoolsSkeleton() {
  return (
    <div className="modtools" aria-busy="true">
      <div className="modtools__header">
        <Skeleton width={120} height={16} />
        <Skeleton width={180} height={30} />
      </div>
      <div className="modtools__main">
        <div className="card">
          <Skeleton width="60%" height={18} />
        </div>
      </div>
    </div>
  );
}

function ModtoolsPages({ community, user }: { community: Community; user: User }) {
  const actAs = community.userMod ? 'mods' : 'admins';
  return (
    <ModtoolsLayout community={community} asAdmin={!community.userMod}>
      <Routes>
        <Route index element={<Navigate to="settings" replace />} />
        <Route path="settings" element={<CommunitySettings community={community} images={<CommunityImagesSetting community={community} />} />} />
        <Route path="reports" element={<ReportsSection community={community} actAs={actAs} renderPost={renderPost} />} />
        <Route path="queue" element={<ApprovalQueueSection community={community} renderPost={renderPost} />} />
        <Route path="removed" element={<ModeratedPosts key="deleted" community={community} filter="deleted" renderPost={renderPost} />} />
        <Route path="locked" element={<ModeratedPosts key="locked" community={community} filter="locked" renderPost={renderPost} />} />
        <Route path="banned" element={<BannedSection community={community} />} />
        <Route path="mods" element={<ModsSection community={community} viewer={user} />} />
        <Route path="rules" element={<RulesSection community={community} />} />
        <Route path="automod" element={<CommunityAutoModSection community={community} page={ModtoolsPage} />} />
        <Route
          path="*"
          element={
            <ModtoolsPage title="Not found.">
              <p className="card modtools-empty">There is no such page in mod tools.</p>
            </ModtoolsPage>
          }
        />
      </Routes>
    </ModtoolsLayout>
  );
}

/** /{communityName}/modtools/*: the community's moderation area, for its mods and for admins. */
export function ModtoolsRoute() {
  const { communityName = '' } = useParams();
  if (!COMMUNITY_NAME_PATTERN.test(communityName)) return <NotFoundRoute />;
  return <ModtoolsScreen key={communityName.toLowerCase()} communityName={communityName} />;
}

function ModtoolsScreen({ communityName }: { communityName: string }) {
  const user = useSessionUser();
  // Moderators act on what the server has now, not on a copy saved earlier.
  const query = useQuery({ ...communityOptions(communityName), enabled: user !== null, refetchOnMount: 'always' });
  const community = query.data;
  const allowed = user !== null && community !== undefined && (community.userMod || user.isAdmin);
  useDocumentTitle(allowed ? `Mod tools · /${community.name}` : user && !community ? communityName : 'Forbidden');

  if (!user) return <ForbiddenPage />;
  if (communityLoadFailed(query)) return <CommunityLoadProblem query={query} />;
  if (!community) return <ModtoolsSkeleton />;
  if (!allowed) return <ForbiddenPage />;
  return <ModtoolsPages community={community} user={user} />;
}
