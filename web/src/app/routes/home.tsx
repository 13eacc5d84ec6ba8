import { formatCount } from '@quorum/shared/format';
import type { Feed as FeedName } from '@quorum/shared/entities/posts';
import type { User } from '@quorum/shared/entities/users';
import { Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { paths } from '../../config/paths.ts';
import { useAuthDialog } from '../../features/auth/hooks/use-auth-dialog.ts';
import { Feed } from '../../features/posts/components/feed/feed.tsx';
import { FeedLayoutToggle, FeedSortSelect } from '../../features/posts/components/feed/feed-controls.tsx';
import { useFeedSort } from '../../features/posts/hooks/use-feed-sort.ts';
import { InstallBanner } from '../../features/pwa/components/install-banner.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useHasBeenTrue } from '../../hooks/use-has-been-true.ts';
import { useIsWideLayout } from '../../hooks/use-media-query.ts';
import { lazyComponent } from '../../lib/lazy-component.ts';
import { useInitialData } from '../../lib/session/get-initial.ts';
import './home.css';
import '../../features/posts/components/feed/feed.css';

const CreateCommunityModal = lazyComponent(
  async () => (await import('../../features/communities/components/create-community-modal.tsx')).CreateCommunityModal,
);

function JoinCard({ people }: { people: number }) {
  const authDialog = useAuthDialog();
  return (
    <section className="card join-card" aria-labelledby="join-title">
      <h2 id="join-title" className="card__title">
        Join the discussion
      </h2>
      <p className="join-card__count">
        {people === 0 ? (
          'Be the first to make an account.'
        ) : (
          <>
            <strong>{formatCount(people)}</strong> {people === 1 ? 'person has' : 'people have'} already joined.
          </>
        )}
      </p>
      <p className="muted">Post, comment, vote and start communities of your own. No email needed.</p>
      <button type="button" className="button button--primary" onClick={() => authDialog.open('signup')}>
        Create new account
      </button>
    </section>
  );
}

const FEED_DESCRIPTIONS: Record<FeedName, string> = {
  home: 'Posts from the communities you joined.',
  all: 'Posts from every community.',
  moderating: 'Posts from the communities you moderate.',
};

/** The logged-in user's shortcuts in the right column, under what the feed beside them shows. */
function CreateCard({ user, feed }: { user: User; feed: FeedName }) {
  const [creating, setCreating] = useState(false);
  const opened = useHasBeenTrue(creating);
  return (
    <section className="card home-actions" aria-labelledby="home-actions-title">
      <div className="home-actions__who">
        <Avatar name={user.username} image={user.proPic} size={40} />
        <div>
          <h2 id="home-actions-title" className="home-actions__title">
            Your front page
          </h2>
          <p className="muted">{FEED_DESCRIPTIONS[feed]}</p>
        </div>
      </div>
      <Link className="button button--primary button--block" to={paths.newPost.getHref()}>
        <Icon name="plus" size={18} />
        Create post
      </Link>
      <button
        type="button"
        className="button button--block"
        onClick={() => setCreating(true)}
        onPointerEnter={CreateCommunityModal.preload}
        onFocus={CreateCommunityModal.preload}
      >
        <Icon name="communities" size={18} />
        Create community
      </button>
      {opened && (
        <Suspense fallback={null}>
          <CreateCommunityModal open={creating} onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </section>
  );
}

/** A composer-like link to the new post page, for screens without the right column. */
function CreatePostBar({ user }: { user: User }) {
  return (
    <Link className="create-post-bar card" to={paths.newPost.getHref()}>
      <Avatar name={user.username} image={user.proPic} size={32} />
      <span className="create-post-bar__prompt">Create post</span>
      <Icon name="newPost" />
    </Link>
  );
}

const TITLES: Record<string, string> = {
  [paths.subscriptions.path]: 'Subscriptions',
  [paths.all.path]: 'All',
  [paths.moderating.path]: 'Moderating',
};

/** The home feed of /, /subscriptions and /all. */
export function HomeRoute() {
  const { user, noUsers } = useInitialData();
  const { pathname } = useLocation();
  const [sort, setSort] = useFeedSort();
  const wide = useIsWideLayout();
  const title = TITLES[pathname] ?? 'Home';
  useDocumentTitle(pathname === '/' ? undefined : title);

  // "/" is the user's chosen home feed; /subscriptions, /all and /moderating name theirs.
  const feed: FeedName =
    pathname === paths.moderating.path ? 'moderating'
      : pathname === paths.all.path ? 'all'
        : pathname === paths.subscriptions.path ? 'home'
          : user?.homeFeed === 'all' ? 'all' : 'home';
  const toggle = feed === 'all' ? { href: paths.subscriptions.getHref(), label: user ? 'Subscriptions' : 'Home' } : { href: paths.all.getHref(), label: 'All' };

  return (
    <div className="columns">
      <div className="columns__main feed-page__main">
        <header className="feed-header">
          <div className="feed-header__titles">
            <h1 className="feed-header__title">{title}</h1>
            <Link className="feed-header__toggle" to={toggle.href}>
              <Icon name={toggle.label === 'All' ? 'globe' : 'list'} size={16} />
              {toggle.label}
            </Link>
          </div>
          <div className="feed-header__controls">
            <FeedSortSelect value={sort} onChange={setSort} />
            <FeedLayoutToggle />
          </div>
        </header>
        <InstallBanner />
        {user && !wide && <CreatePostBar user={user} />}
        <Feed params={{ feed, sort }} label={`${title} posts`} banner={!user && !wide ? <JoinCard people={noUsers} /> : undefined} />
      </div>
      {wide && (
        <aside className="columns__aside" aria-label="About your feed">
          {user ? <CreateCard user={user} feed={feed} /> : <JoinCard people={noUsers} />}
        </aside>
      )}
    </div>
  );
}
