import type { User } from '@quorum/shared/entities/users';

// Logins and logouts reach the other tabs of the site, which switch to the new session at once
// instead of acting for a user who is gone.

const CHANNEL = 'quorum-session';

interface SessionMessage {
  type: 'session-changed';
  user: User | null;
}

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);

/** Tells the other tabs that this one logged in (as `user`) or out (null). */
export function announceSessionChange(user: User | null): void {
  const message: SessionMessage = { type: 'session-changed', user };
  channel?.postMessage(message);
}

/** Calls `apply` with each session change another tab announces; answers a function that stops listening. */
export function onOtherTabSessionChange(apply: (user: User | null) => void): () => void {
  if (!channel) return () => {};
  const onMessage = (event: MessageEvent<SessionMessage>) => {
    if (event.data?.type === 'session-changed') apply(event.data.user);
  };
  channel.addEventListener('message', onMessage);
  return () => channel.removeEventListener('message', onMessage);
}
