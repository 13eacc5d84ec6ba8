import type { User } from '@quorum/shared/entities/users';
import { useState } from 'react';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { useSetSupporterBadge } from '../api/set-supporter-badge.ts';
import { BanUserDialog } from './ban-user-dialog.tsx';

/** An admin's buttons for one account in a list of users: the supporter badge, and Ban or Unban. */
export function UserAdminActions({ user }: { user: User }) {
  const alerts = useAlerts();
  const setBadge = useSetSupporterBadge();
  const [banning, setBanning] = useState(false);
  const supporter = user.badges.some((badge) => badge.type === 'supporter');
  if (user.deleted) return null;
  return (
    <>
      <button
        type="button"
        className="button button--small"
        aria-pressed={supporter}
        aria-label={`Supporter badge for @${user.username}`}
        disabled={setBadge.isPending}
        onClick={() =>
          setBadge.mutate(
            { username: user.username, supporter: !supporter },
            { onSuccess: () => alerts.show(supporter ? 'Supporter badge removed.' : 'Supporter badge added.') },
          )
        }
      >
        Supporter
      </button>
      {!user.isAdmin && (
        <button
          type="button"
          className={user.isBanned ? 'button button--small' : 'button button--small button--danger'}
          aria-label={`${user.isBanned ? 'Unban' : 'Ban'} @${user.username}`}
          onClick={() => setBanning(true)}
        >
          {user.isBanned ? 'Unban' : 'Ban'}
        </button>
      )}
      {banning && <BanUserDialog user={user} onClose={() => setBanning(false)} />}
    </>
  );
}
