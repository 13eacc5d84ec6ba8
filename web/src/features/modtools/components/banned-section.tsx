import type { Community } from '@quorum/shared/entities/communities';
import type { User } from '@quorum/shared/entities/users';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadFailed } from '../../../components/errors/load-failed.tsx';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ReasonField } from '../../../components/ui/reason-field.tsx';
import { SelectField } from '../../../components/ui/switch.tsx';
import { paths } from '../../../config/paths.ts';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { banFormError, useBanFromCommunity } from '../api/ban-from-community.ts';
import { bannedOptions } from '../api/get-banned.ts';
import { useUnbanFromCommunity } from '../api/unban-from-community.ts';
import { ModtoolsListSkeleton } from './list-states.tsx';
import { ModtoolsPage } from './modtools-layout.tsx';
import { UsernameForm } from './username-form.tsx';

/** How long a ban lasts, chosen when it is confirmed: days, or for good (0). */
const BAN_LENGTHS = [
  { value: '0', label: 'For good' },
  { value: '1', label: '1 day' },
  { value: '3', label: '3 days' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
] as const;
type BanLength = (typeof BAN_LENGTHS)[number]['value'];

function banEnd(length: BanLength): string | null {
  const days = Number(length);
  return days === 0 ? null : new Date(Date.now() + days * 86_400_000).toISOString();
}

function bannedMessage(username: string, community: string, length: BanLength): string {
  const days = Number(length);
  if (days === 0) return `@${username} is banned from /${community}.`;
  return `@${username} is banned from /${community} for ${days === 1 ? '1 day' : `${days} days`}.`;
}

/** Ban a user from the community by name, for a while or for good, once confirmed; the banned users, each with Unban. */
export function BannedSection({ community }: { community: Community }) {
  const query = useQuery(bannedOptions(community.id));
  const ban = useBanFromCommunity();
  const unban = useUnbanFromCommunity();
  const [unbanning, setUnbanning] = useState<User | null>(null);
  // The name typed in the form, and how to empty the form, while the ban waits for its confirmation.
  const [banning, setBanning] = useState<{ username: string; done: () => void } | null>(null);
  const [length, setLength] = useState<BanLength>('0');
  const [reason, setReason] = useState('');
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
        onSubmit={(username, done) => {
          setLength('0');
          setReason('');
          setBanning({ username, done });
        }}
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
            { communityId: community.id, username, expires: banEnd(length), reason },
            {
              onSuccess: () => {
                done();
                alerts.show(bannedMessage(username, community.name, length));
              },
              onSettled: () => setBanning(null),
            },
          );
        }}
      >
        <div className="form__fields">
          <SelectField label="How long" value={length} options={BAN_LENGTHS} onChange={setLength} />
          <ReasonField value={reason} onChange={setReason} />
        </div>
      </ConfirmDialog>
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
