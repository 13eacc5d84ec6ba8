import { Messages } from '@quorum/shared/errors';
import type { Community } from '@quorum/shared/entities/communities';
import type { User } from '@quorum/shared/entities/users';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LoadFailed } from '../../../components/errors/load-failed.tsx';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { paths } from '../../../config/paths.ts';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { addModError, isUnknownUser, useAddMod } from '../api/add-mod.ts';
import { modsOptions } from '../api/get-mods.ts';
import { useMoveMod } from '../api/move-mod.ts';
import { useRemoveMod } from '../api/remove-mod.ts';
import { useMoveFocus, type MoveDirection } from '../hooks/use-move-focus.ts';
import { ModtoolsListSkeleton } from './list-states.tsx';
import { ModtoolsPage } from './modtools-layout.tsx';
import { UsernameForm } from './username-form.tsx';

interface ModsSectionProps {
  community: Community;
  viewer: User;
}

/**
 * The mods, most senior first. A mod manages the mods at or below their own place (and may
 * resign); admins manage all of them. Actions the viewer may not take are not shown.
 */
export function ModsSection({ community, viewer }: ModsSectionProps) {
  const alerts = useAlerts();
  const navigate = useNavigate();
  const query = useQuery(modsOptions(community.id));
  const add = useAddMod(viewer.id);
  const remove = useRemoveMod(viewer.id);
  const move = useMoveMod(viewer.id);
  const [removing, setRemoving] = useState<User | null>(null);
  const mods = query.data;
  const own = mods?.findIndex((mod) => mod.id === viewer.id) ?? -1;
  // A place the viewer may act on: a mod's own place and those below it; every place for admins.
  const canManage = (index: number) => viewer.isAdmin || (own >= 0 && index >= own);
  const { moveButtonProps, followMove, forgetMove } = useMoveFocus('mods', mods);

  const moveTo = (mod: User, direction: MoveDirection, position: number) => {
    if (move.isPending) return;
    followMove(mod.id, direction);
    move.mutate({ communityId: community.id, username: mod.username, position }, { onError: forgetMove });
  };

  const confirmRemove = () => {
    if (!removing) return;
    const resigning = removing.id === viewer.id;
    remove.mutate(
      { communityId: community.id, username: removing.username },
      {
        onSuccess: () => {
          setRemoving(null);
          if (resigning && !viewer.isAdmin) navigate(paths.community.getHref(community.name));
        },
      },
    );
  };

  return (
    <ModtoolsPage title="Moderators">
      <UsernameForm
        label="Add a moderator"
        submitLabel="Add"
        pending={add.isPending}
        error={addModError(add.error)}
        onEdit={() => add.reset()}
        onSubmit={(username, done) =>
          add.mutate(
            { communityId: community.id, username },
            {
              onSuccess: done,
              onError: (error) => {
                if (isUnknownUser(error)) alerts.show(Messages.userNotFound);
              },
            },
          )
        }
      />
      {mods ? (
        <ol className="card modtools-list" aria-label="Moderators">
          {mods.map((mod, index) => {
            const manage = canManage(index);
            const self = mod.id === viewer.id;
            return (
              <li key={mod.id} className="modtools-list__row">
                <Link className="modtools-list__main" to={paths.profile.getHref(mod.username)}>
                  <span className="modtools-list__index">{index + 1}.</span>
                  <UserAvatar username={mod.username} image={mod.proPic} size={28} />
                  <span className="modtools-list__name">@{mod.username}</span>
                  {self && <span className="muted">(you)</span>}
                </Link>
                {(manage || self) && (
                  <div className="modtools-list__buttons">
                    {manage && index > 0 && canManage(index - 1) && (
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={`Move @${mod.username} up`}
                        onClick={() => moveTo(mod, 'up', index - 1)}
                        {...moveButtonProps(mod.id, 'up')}
                      >
                        <Icon name="arrowUp" size={18} />
                      </button>
                    )}
                    {manage && index < mods.length - 1 && (
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={`Move @${mod.username} down`}
                        onClick={() => moveTo(mod, 'down', index + 1)}
                        {...moveButtonProps(mod.id, 'down')}
                      >
                        <Icon name="arrowDown" size={18} />
                      </button>
                    )}
                    <button type="button" className="button button--small" onClick={() => setRemoving(mod)} aria-label={self ? 'Resign' : `Remove @${mod.username}`}>
                      {self ? 'Resign' : 'Remove'}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      ) : query.isError ? (
        <LoadFailed query={query} variant="compact" className="card modtools-empty" />
      ) : (
        <ModtoolsListSkeleton rows={2} />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={removing?.id === viewer.id ? `Resign as a moderator of /${community.name}?` : `Remove @${removing?.username ?? ''} as a moderator?`}
        description="Are you sure?"
        confirmLabel={removing?.id === viewer.id ? 'Resign' : 'Remove'}
        danger
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={confirmRemove}
      />
    </ModtoolsPage>
  );
}
