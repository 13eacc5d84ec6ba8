import type { Community } from '@quorum/shared/entities/communities';
import type { User } from '@quorum/shared/entities/users';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadFailed } from '../../../components/errors/load-failed.tsx';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { banFormError, useBanFromCommunity } from '../api/ban-from-community.ts';
import { bannedOptions } from '../api/get-banned.ts';
import { useUnbanFromCommunity } from '../api/unban-from-community.ts';
import { ModtoolsListSkeleton } from './list-states.tsx';
import { ModtoolsPage } from './modtools-layout.tsx';
import { UsernameForm } from './username-form.tsx';

/** Ban a user from the community by name, once confirmed; the banned users, each with Unban. */
export function BannedSection({ community }: { community: Community }) {
  const query = useQuery(bannedOptions(community.id));
  const ban = useBanFromCommunity();
  const unban = useUnbanFromCommunity();
  const [unbanning, setUnbanning] = useState<User | null>(null);
  // The name typed in the form, and how to empty the form, while the ban waits for its confirmation.
  const [banning, setBanning] = useState<{ username: string; done: () => void } | null>(null);
  const alerts = useAlerts();
  const error = ban.variables ? banFormError(ban.error, ban.variables.username) : null;

  return (
    <ModtoolsPage title="Banned">
      <UsernameForm
        label="Ban a user"
        submitLabel="Ban"
        pending={ban.isPending}
        error={error}
        onEdit={() => ban.reset()}
        onSubmit={(username, done) => setBanning({ username, done })}
      />
      {query.data ? (
        query.data.length === 0 ? (
          <p className="card modtools-empty">No banned users.</p>
        ) : (
          <ul className="card modtools-list" aria-label="Banned users">
            {query.data.map((user) => (
              <li key={user.id} className="modtools-list__row">
                <Link className="modtools-list__main" to={paths.profile.getHref(user.username)}>
                  <UserAvatar username={user.username} image={user.proPic} size={28} />
                  <span className="modtools-list__name">@{user.username}</span>
                </Link>
                <div className="modtools-list__buttons">
                  <button type="button" className="button button--small" aria-label={`Unban @${user.username}`} onClick={() => setUnbanning(user)}>
                    Unban
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )
      ) : query.isError ? (
        <LoadFailed query={query} variant="compact" className="card modtools-empty" />
      ) : (
        <ModtoolsListSkeleton rows={2} />
      )}
      <ConfirmDialog
        open={banning !== null}
        title={`Ban @${banning?.username ?? ''} from /${community.name}?`}
        description="They will no longer be able to post, comment or vote in this community."
        confirmLabel="Ban"
        danger
        busy={ban.isPending}
        onClose={() => setBanning(null)}
        onConfirm={() => {
          if (!banning) return;
          const { username, done } = banning;
          ban.mutate(
            { communityId: community.id, username },
            {
              onSuccess: () => {
                done();
                alerts.show(`@${username} is banned from /${community.name}.`);
              },
              onSettled: () => setBanning(null),
            },
          );
        }}
      />
      <ConfirmDialog
        open={unbanning !== null}
        title={`Unban @${unbanning?.username ?? ''}?`}
        description="Are you sure?"
        confirmLabel="Unban"
        busy={unban.isPending}
        onClose={() => setUnbanning(null)}
        onConfirm={() => {
          if (!unbanning) return;
          const { username } = unbanning;
          unban.mutate(
            { communityId: community.id, username },
            {
              onSuccess: () => {
                setUnbanning(null);
                alerts.show(`@${username} is no longer banned from /${community.name}.`);
              },
            },
          );
        }}
      />
    </ModtoolsPage>
  );
}
