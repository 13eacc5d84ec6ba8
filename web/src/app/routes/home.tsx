import { formatCount } from '@quorum/shared/format';
import { Link } from 'react-router-dom';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { paths } from '../../config/paths.ts';
import { useAuthDialog } from '../../features/auth/hooks/use-auth-dialog.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useInitialData } from '../../lib/session/get-initial.ts';

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

/** The home screen of /, /subscriptions and /all. */
export function HomeRoute() {
  const { user, communities, noUsers } = useInitialData();
  useDocumentTitle();

  return (
    <div className="home">
      <section className="card hero" aria-labelledby="hero-title">
        {user ? (
          <>
            <p className="hero__eyebrow">Welcome back</p>
            <h1 id="hero-title" className="hero__title">
              Good to see you, {user.username}.
            </h1>
          </>
        ) : (
          <>
            <p className="hero__eyebrow">Welcome to Quorum</p>
            <h1 id="hero-title" className="hero__title">
              Conversations worth having.
            </h1>
          </>
        )}
        <p className="hero__text">
          Quorum is a home for communities: people share links, pictures and ideas, and talk them through in threaded
          discussions. It is open source and ad-free, and it doesn't track you.
        </p>
        <div className="hero__links">
          <Link to={paths.about.getHref()} className="button">
            <Icon name="info" />
            About Quorum
          </Link>
          <Link to={paths.guidelines.getHref()} className="button button--ghost">
            <Icon name="book" />
            Guidelines
          </Link>
        </div>
      </section>

      {!user && <JoinCard people={noUsers} />}

      {communities.length > 0 && (
        <section className="card" aria-labelledby="home-communities">
          <h2 id="home-communities" className="card__title">
            {user ? 'Your communities' : 'Communities'}
          </h2>
          <ul className="community-grid">
            {communities.map((community) => (
              <li key={community.id}>
                <Link className="community-chip" to={paths.community.getHref(community.name)}>
                  <Avatar name={community.name} image={community.proPic} size={36} />
                  <span className="community-chip__text">
                    <span className="community-chip__name">{community.name}</span>
                    <span className="community-chip__meta">
                      {formatCount(community.noMembers)} {community.noMembers === 1 ? 'member' : 'members'}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
