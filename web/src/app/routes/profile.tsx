import { ApiError } from '@quorum/client/api-error';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { FEED_EAGER_IMAGES } from '@quorum/shared/constants';
import type { User } from '@quorum/shared/entities/users';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { LoadFailed } from '../../components/errors/load-failed.tsx';
import { StatusPage } from '../../components/errors/status-page.tsx';
import { TabList, tabId, tabPanelId } from '../../components/ui/tabs.tsx';
import { paths } from '../../config/paths.ts';
import { FeedPageSkeleton } from '../../features/posts/components/feed/feed-skeleton.tsx';
import { PostCard } from '../../features/posts/components/post-card/post-card.tsx';
import { userOptions } from '../../features/users/api/get-user.ts';
import { ProfileAboutCard } from '../../features/users/components/profile-about.tsx';
import { ProfileFeed, ProfileFeedFilter } from '../../features/users/components/profile-feed.tsx';
import { ProfileHeader } from '../../features/users/components/profile-header.tsx';
import { ProfileHeaderSkeleton } from '../../features/users/components/profile-skeleton.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useIsWideLayout } from '../../hooks/use-media-query.ts';
import { useDevicePreferences } from '../../lib/device-preferences.ts';
import { userFeedFilterFrom, type UserFeedFilter } from '../../features/users/api/keys.ts';
import { NotFoundRoute } from './not-found.tsx';
import '../../features/posts/components/feed/feed.css';

type Tab = 'posts' | 'about';
const TABS: ReadonlyArray<{ id: Tab; label: string }> = [
  { id: 'posts', label: 'Posts' },
  { id: 'about', label: 'About' },
];

function useFeedFilter(): UserFeedFilter {
  const [searchParams] = useSearchParams();
  return userFeedFilterFrom(searchParams.get('filter'));
}

function ProfilePosts({ user }: { user: User }) {
  const filter = useFeedFilter();
  const { feed_layout: layout } = useDevicePreferences();
  return (
    <>
      <ProfileFeedFilter value={filter} />
      <div className={`feed feed--${layout}`}>
        <ProfileFeed
          username={user.username}
          filter={filter}
          renderPost={(post, index) => <PostCard post={post} layout={layout} eager={index < FEED_EAGER_IMAGES} />}
        />
      </div>
    </>
  );
}

/** Posts and About as tabs, for screens without room for the right column. */
function ProfileTabs({ user }: { user: User }) {
  const [tab, setTab] = useState<Tab>('posts');
  const baseId = useId();
  return (
    <div className="profile-tabs">
      <TabList baseId={baseId} tabs={TABS} value={tab} onChange={setTab} label={`@${user.username}`} className="tabs" tabClassName="tabs__tab" />
      <div role="tabpanel" id={tabPanelId(baseId)} aria-labelledby={tabId(baseId, tab)} className="profile-page">
        {tab === 'posts' ? <ProfilePosts user={user} /> : <ProfileAboutCard user={user} />}
      </div>
    </div>
  );
}

/** The message of a profile hidden from this viewer, or null for any other failure. */
function hiddenAccountMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 404) return null;
  if (error.code === ErrorCode.accountDeleted) return Messages.accountDeleted;
  if (error.code === ErrorCode.accountSuspended) return Messages.accountSuspended;
  return null;
}

/** /@{username}: the profile, its posts and comments, and the about card. */
export function ProfileRoute({ username }: { username: string }) {
  return <ProfileScreen key={username.toLowerCase()} username={username} />;
}

function ProfileScreen({ username }: { username: string }) {
  const query = useQuery(userOptions(username));
  const user = query.data;
  const navigate = useNavigate();
  const location = useLocation();
  const wide = useIsWideLayout();
  useDocumentTitle(user ? `@${user.username}` : `@${username}`);

  // Names are case-insensitive: the address takes the user's own spelling.
  useEffect(() => {
    if (user && user.username !== username) {
      navigate({ pathname: paths.profile.getHref(user.username), search: location.search }, { replace: true });
    }
  }, [user, username, location.search, navigate]);

  if (query.isError && !user) {
    const hidden = hiddenAccountMessage(query.error);
    if (hidden) {
      return (
        <StatusPage icon="user" title={hidden}>
          <p className="status-page__text">@{username} can't be shown.</p>
        </StatusPage>
      );
    }
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundRoute />;
    return <LoadFailed query={query} variant="page" message="The profile couldn't be loaded." />;
  }

  if (!user) return <FeedPageSkeleton className="profile-page" header={<ProfileHeaderSkeleton />} />;

  return (
    <div className="profile-page">
      <ProfileHeader user={user} />
      {wide ? (
        <div className="columns">
          <div className="columns__main profile-page">
            <ProfilePosts user={user} />
          </div>
          <aside className="columns__aside" aria-label={`About @${user.username}`}>
            <ProfileAboutCard user={user} />
          </aside>
        </div>
      ) : (
        <ProfileTabs user={user} />
      )}
    </div>
  );
}
