import type { Community } from '@quorum/shared/entities/communities';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useRequireLogin } from '../../../lib/session/login-prompt.ts';
import { useJoinCommunity } from '../api/join-community.ts';
import './communities.css';

interface JoinButtonProps {
  community: Community;
  className?: string;
}

/** Join / Joined. A moderator confirms before leaving; visitors get the login prompt. */
export function JoinButton({ community, className }: JoinButtonProps) {
  const { setMembership: send, shown, pending } = useJoinCommunity(community);
  const { requireLogin } = useRequireLogin();
  const [confirmLeave, setConfirmLeave] = useState(false);
  const joined = shown.userJoined;
  const waiting = pending?.state === 'pending';

  const setMembership = send;

  const onClick = requireLogin(() => {
    if (joined && community.userMod) setConfirmLeave(true);
    else setMembership(!joined);
  });

  const classes = ['button', 'join-button', joined ? 'join-button--joined' : 'button--primary', className].filter(Boolean).join(' ');
  return (
    <>
      <button
        type="button"
        className={classes}
        onClick={onClick}
        disabled={pending?.state === 'sending'}
        data-joined={joined || undefined}
        data-pending={waiting || undefined}
        title={waiting ? 'Will be sent when you are back online.' : undefined}
      >
        {joined ? 'Joined' : 'Join'}
        {waiting && <span className="visually-hidden"> (waiting to be sent)</span>}
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
