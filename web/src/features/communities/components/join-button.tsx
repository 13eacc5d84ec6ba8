import type { Community } from '@quorum/shared/types';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useRequireLogin } from '../../../lib/session/login-prompt.ts';
import { useJoinCommunity } from '../api/join-community.ts';
import './communities.css';

interface JoinButtonProps {
  community: Community;
  /** Called once the server confirmed a join or leave (feeds that depend on it can refresh). */
  onChange?: () => void;
  className?: string;
}

/** Join / Joined. A moderator confirms before leaving; visitors get the login prompt. */
export function JoinButton({ community, onChange, className }: JoinButtonProps) {
  const join = useJoinCommunity();
  const { requireLogin } = useRequireLogin();
  const [confirmLeave, setConfirmLeave] = useState(false);
  const joined = community.userJoined;

  const setMembership = (member: boolean) => join.mutate({ community, join: member }, { onSuccess: () => onChange?.() });

  const onClick = requireLogin(() => {
    if (joined && community.userMod) setConfirmLeave(true);
    else setMembership(!joined);
  });

  const classes = ['button', 'join-button', joined ? 'join-button--joined' : 'button--primary', className].filter(Boolean).join(' ');
  return (
    <>
      <button type="button" className={classes} onClick={onClick} disabled={join.isPending} data-joined={joined || undefined}>
        {joined ? 'Joined' : 'Join'}
      </button>
      <ConfirmDialog
        open={confirmLeave}
        title={`Leave /${community.name}?`}
        description={`You're a moderator of /${community.name}. You will stay a moderator, but its posts will no longer be in your home feed.`}
        confirmLabel="Leave"
        onConfirm={() => {
          setConfirmLeave(false);
          setMembership(false);
        }}
        onClose={() => setConfirmLeave(false)}
      />
    </>
  );
}
