import { COLLAPSED_HEIGHT_PX } from '@quorum/shared/constants';
import { formatCount, formatDate } from '@quorum/shared/format';
import type { User } from '@quorum/shared/entities/users';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { MarkdownBody } from '../../../components/markdown/markdown.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { ShowMore } from '../../../components/ui/show-more.tsx';
import { paths } from '../../../config/paths.ts';
import { useSessionUser } from '../../../lib/session/get-initial.ts';
import { AdminDetailsCard } from './admin-details-card.tsx';
import { pointsLabel } from './profile-header.tsx';
import './profile.css';

/**
 * The about card: the bio (cut at 120 px), points, posts and comments, joined date, the
 * communities moderated and, for admins, the account's full details.
 */
export function ProfileAboutCard({ user }: { user: User }) {
  const viewer = useSessionUser();
  const titleId = useId();
  const modsTitleId = useId();
  return (
    <>
      <section className="card profile-card" aria-labelledby={titleId}>
        <h2 id={titleId} className="profile-card__title">
          About @{user.username}
        </h2>
        {user.aboutMe ? (
          <ShowMore maxHeight={COLLAPSED_HEIGHT_PX.profileBio}>
            <MarkdownBody className="profile-card__bio">{user.aboutMe}</MarkdownBody>
          </ShowMore>
        ) : (
          <p className="muted">No bio yet.</p>
        )}
        <dl className="profile-card__facts">
          <div>
            <dt>Points</dt>
            <dd>{pointsLabel(user.points)}</dd>
          </div>
          <div>
            <dt>Posts</dt>
            <dd>{formatCount(user.noPosts)}</dd>
          </div>
          <div>
            <dt>Comments</dt>
            <dd>{formatCount(user.noComments)}</dd>
          </div>
          <div>
            <dt>
              <Icon name="calendar" size={15} />
              Joined
            </dt>
            <dd>{formatDate(user.createdAt)}</dd>
          </div>
        </dl>
      </section>
      {user.moddingList.length > 0 && (
        <section className="card profile-card" aria-labelledby={modsTitleId}>
          <h2 id={modsTitleId} className="profile-card__title">
            Moderator of
          </h2>
          <ul className="profile-card__communities">
            {user.moddingList.map((community) => (
              <li key={community.id}>
                <Link className="profile-card__community" to={paths.community.getHref(community.name)}>
                  <Avatar name={community.name} image={community.proPic} size={24} />
                  <span>/{community.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {viewer?.isAdmin && <AdminDetailsCard user={user} />}
    </>
  );
}
