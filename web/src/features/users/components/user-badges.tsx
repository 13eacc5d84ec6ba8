import type { User } from '@quorum/shared/entities/users';
import './profile.css';

const BADGE_LABELS: Record<User['badges'][number]['type'], { label: string; title: string }> = {
  supporter: { label: 'Supporter', title: 'Supports the site' },
};

/** The user's badges and, for admins, an Admin mark. */
export function UserBadges({ user }: { user: User }) {
  if (user.badges.length === 0 && !user.isAdmin) return null;
  return (
    <ul className="user-badges" aria-label="Badges">
      {user.isAdmin && (
        <li className="user-badge user-badge--admin" title="Runs the site">
          Admin
        </li>
      )}
      {user.badges.map((badge) => (
        <li key={badge.id} className={`user-badge user-badge--${badge.type}`} title={BADGE_LABELS[badge.type].title}>
          {BADGE_LABELS[badge.type].label}
        </li>
      ))}
    </ul>
  );
}
