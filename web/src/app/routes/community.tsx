import { COMMUNITY_NAME_PATTERN, USERNAME_PATTERN } from '@quorum/shared/constants';
import { Messages } from '@quorum/shared/errors';
import type { Community } from '@quorum/shared/entities/communities';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { TabList, tabId, tabPanelId } from '../../components/ui/tabs.tsx';
import { paths } from '../../config/paths.ts';
import { communityOptions } from '../../features/communities/api/get-community.ts';
import { CommunityHeader } from '../../features/communities/components/community-header.tsx';
import { CommunityAboutCard, CommunityModsCard, CommunityRulesCard } from '../../features/communities/components/community-info.tsx';
import { CommunityHeaderSkeleton } from '../../features/communities/components/community-page-skeleton.tsx';
import { Feed } from '../../features/posts/components/feed/feed.tsx';
import { FeedPageSkeleton } from '../../features/posts/components/feed/feed-skeleton.tsx';
import { FeedLayoutToggle, FeedSortSelect } from '../../features/posts/components/feed/feed-controls.tsx';
import { useFeedSort } from '../../features/posts/hooks/use-feed-sort.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useIsWideLayout } from '../../hooks/use-media-query.ts';
import { useInitialData } from '../../lib/session/get-initial.ts';
import { CommunityLoadProblem, communityLoadFailed } from './community-load-problem.tsx';
import { NotFoundRoute } from './not-found.tsx';
import { ProfileRoute } from './profile.tsx';
import '../../features/posts/components/feed/feed.css';
import '../../features/communities/components/communities.css';

type Tab = 'posts' | 'about';
const TABS: ReadonlyArray<{ id: Tab; label: string }> = [
  { id: 'posts', label: 'Posts' },
  { id: 'about', label: 'About' },
];

function CommunityPosts({ community }: { community: Community }) {
  const [sort, setSort] = useFeedSort();
  return (
    <>
      <div className="feed-header feed-header--community">
        <h2 className="visually-hidden">Posts</h2>
        <div className="feed-header__controls">
          <FeedSortSelect value={sort} onChange={setSort} />
          <FeedLayoutToggle />
        </div>
      </div>
      <Feed params={{ communityId: community.id, sort }} showCommunity={false} label={`Posts in /${community.name}`} />
    </>
  );
}

function CommunityAbout({ community }: { community: Community }) {
  return (
    <>
      <CommunityAboutCard community={community} />
      <CommunityRulesCard community={community} />
      <CommunityModsCard community={community} />
    </>
  );
}

/** Posts and About as tabs, for screens without room for the right column. */
function CommunityTabs({ community }: { community: Community }) {
  const [tab, setTab] = useState<Tab>('posts');
  const baseId = useId();
  return (
    <div className="community-tabs">
      <TabList baseId={baseId} tabs={TABS} value={tab} onChange={setTab} label={`/${community.name}`} className="tabs" tabClassName="tabs__tab" />
      <div role="tabpanel" id={tabPanelId(baseId)} aria-labelledby={tabId(baseId, tab)} className="community-tabs__panel">
        {tab === 'posts' ? <CommunityPosts community={community} /> : <CommunityAbout community={community} />}
      </div>
    </div>
  );
}

/** /{communityName}: the community's header, its feed, and its about, rules and moderators. */
export function CommunityRoute() {
  const { communityName = '' } = useParams();
  // Profiles share the one-segment addresses: /@name.
  if (communityName.startsWith('@') && USERNAME_PATTERN.test(communityName.slice(1))) return <ProfileRoute username={communityName.slice(1)} />;
  // Other addresses that reach this route cannot be communities.
  if (!COMMUNITY_NAME_PATTERN.test(communityName)) return <NotFoundRoute />;
  return <CommunityScreen key={communityName.toLowerCase()} communityName={communityName} />;
}

function CommunityScreen({ communityName }: { communityName: string }) {
  const query = useQuery(communityOptions(communityName));
  const community = query.data;
  const navigate = useNavigate();
  const location = useLocation();
  const wide = useIsWideLayout();
  const { bannedFrom } = useInitialData();
  useDocumentTitle(community ? `/${community.name}` : communityName);

  // Names are case-insensitive: the address takes the community's own spelling.
  useEffect(() => {
    if (community && community.name !== communityName) {
      navigate({ pathname: paths.community.getHref(community.name), search: location.search }, { replace: true });
    }
  }, [community, communityName, location.search, navigate]);

  if (communityLoadFailed(query)) return <CommunityLoadProblem query={query} />;

  if (!community) return <FeedPageSkeleton className="community-page" header={<CommunityHeaderSkeleton />} />;

  return (
    <div className="community-page">
      <CommunityHeader community={community} />
      {bannedFrom.includes(community.id) && (
        <p className="notice notice--danger" role="status">
          {Messages.bannedFromCommunity}
        </p>
      )}
      {wide ? (
        <div className="columns">
          <div className="columns__main feed-page__main">
            <CommunityPosts community={community} />
          </div>
          <aside className="columns__aside" aria-label={`About /${community.name}`}>
            <CommunityAbout community={community} />
          </aside>
        </div>
      ) : (
        <CommunityTabs community={community} />
      )}
    </div>
  );
}
