import { COLLAPSED_HEIGHT_PX } from '@quorum/shared/constants';
import { formatCount, formatDate } from '@quorum/shared/format';
import type { Community } from '@quorum/shared/types';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../../components/ui/avatar.tsx';
import { ShowMore } from '../../../../components/ui/show-more.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { paths } from '../../../../config/paths.ts';

interface CommunityAsideProps {
  community: Community | null;
  /** A community is chosen and still loading. */
  loading?: boolean;
}

/** Beside the post form: the chosen community and its rules, or what to keep in mind when none is chosen yet. */
export function CommunityAside({ community, loading }: CommunityAsideProps) {
  if (loading) {
    return (
      <aside className="post-aside" aria-label="Community" aria-busy="true">
        <div className="card post-aside__card">
          <div className="post-aside__header">
            <Skeleton width={48} height={48} radius="50%" />
            <div className="post-aside__names">
              <Skeleton width="60%" height={18} />
              <Skeleton width="40%" height={14} />
            </div>
          </div>
          <Skeleton width="100%" height={14} />
          <Skeleton width="80%" height={14} />
        </div>
      </aside>
    );
  }

  if (!community) {
    return (
      <aside className="post-aside" aria-labelledby="post-aside-tips">
        <section className="card post-aside__card">
          <h2 id="post-aside-tips" className="card__title">
            Before you post
          </h2>
          <ul className="post-aside__tips">
            <li>Choose the community where your post fits best; its rules show up here.</li>
            <li>Give your post a title that says what it is about.</li>
            <li>Describe images with alt text, so that everyone can follow.</li>
            <li>
              Be kind and keep to the <Link to={paths.guidelines.getHref()} target="_blank" rel="noopener">site guidelines</Link>.
            </li>
          </ul>
        </section>
      </aside>
    );
  }

  const rules = [...community.rules].sort((a, b) => a.zIndex - b.zIndex);
  return (
    <aside className="post-aside" aria-label={`About ${community.name}`}>
      <section className="card post-aside__card">
        <div className="post-aside__header">
          <Avatar name={community.name} image={community.proPic} size={48} />
          <div className="post-aside__names">
            <Link className="post-aside__name" to={paths.community.getHref(community.name)} target="_blank" rel="noopener">
              {community.name}
            </Link>
            <span className="post-aside__meta">
              {formatCount(community.noMembers)} {community.noMembers === 1 ? 'member' : 'members'}
            </span>
          </div>
        </div>
        {community.about && (
          <ShowMore maxHeight={COLLAPSED_HEIGHT_PX.communityAboutCard}>
            <p className="post-aside__about">{community.about}</p>
          </ShowMore>
        )}
        <p className="post-aside__created">Created {formatDate(community.createdAt)}</p>
      </section>

      <section className="card post-aside__card" aria-labelledby="post-aside-rules">
        <h2 id="post-aside-rules" className="card__title">
          Rules
        </h2>
        {rules.length === 0 ? (
          <p className="muted post-aside__no-rules">
            {community.name} has no rules of its own. The{' '}
            <Link to={paths.guidelines.getHref()} target="_blank" rel="noopener">
              site guidelines
            </Link>{' '}
            apply.
          </p>
        ) : (
          <ol className="post-aside__rules">
            {rules.map((rule) => (
              <li key={rule.id} className="post-aside__rule">
                <span className="post-aside__rule-text">{rule.rule}</span>
                {rule.description && <span className="post-aside__rule-description">{rule.description}</span>}
              </li>
            ))}
          </ol>
        )}
      </section>
    </aside>
  );
}
