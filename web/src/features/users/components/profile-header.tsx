import { formatCount, formatDate } from '@quorum/shared/format';
import type { User } from '@quorum/shared/entities/users';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';
import { useIsMobile } from '../../../hooks/use-media-query.ts';
import { useSessionUser } from '../../../lib/session/get-initial.ts';
import { ProfileMenu } from './profile-menu.tsx';
import { ProPicEdit } from './pro-pic-edit.tsx';
import { UserBadges } from './user-badges.tsx';
import './profile.css';

export function pointsLabel(points: number): string {
  return `${formatCount(points)} ${points === 1 ? 'point' : 'points'}`;
}

/** The top of a profile: picture (editable by its owner), name, badges, points, joined date and the menu. */
export function ProfileHeader({ user }: { user: User }) {
  const viewer = useSessionUser();
  const isMobile = useIsMobile();
  const isOwner = viewer?.id === user.id;
  return (
    <header className="profile-header card">
      <div className="profile-header__picture">
        <UserAvatar username={user.username} image={user.proPic} size={isMobile ? 64 : 88} described />
        {isOwner && <ProPicEdit user={user} className="profile-header__picture-edit" />}
      </div>
      <div className="profile-header__text">
        <h1 className="profile-header__name">@{user.username}</h1>
        <p className="profile-header__meta">
          <span>{pointsLabel(user.points)}</span>
          <span className="profile-header__dot" aria-hidden="true">
            ·
          </span>
          <span>Joined {formatDate(user.createdAt)}</span>
        </p>
        <UserBadges user={user} />
        {user.deleted && <p className="profile-header__state">Account deleted.</p>}
        {user.isBanned && <p className="profile-header__state">Account suspended.</p>}
      </div>
      <div className="profile-header__actions">
        <ProfileMenu user={user} />
      </div>
    </header>
  );
}
