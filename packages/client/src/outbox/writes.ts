/**
 * The writes the outbox keeps, and how each reaches the server. Every write carries all its call
 * needs, so that whoever drains the outbox sends it the same way: a tab of the app, or the service
 * worker with no tab open. What an answer changes on screen is the web app's (its write kinds).
 */
import type { List } from '@quorum/shared/entities/lists';
import type { UserGroup } from '@quorum/shared/entities/users';
import type { Vote } from '@quorum/shared/votes';
import type { ApiClient, CallOptions } from '../api-client.ts';

/** A vote waiting to be sent: the server's vote before it, and the vote the viewer ended on. */
export interface PendingVote {
  from: Vote;
  to: Vote;
}

/** The one button press that takes the server's vote from `from` to `to` (the same press again takes a vote back). */
export function votePress({ from, to }: PendingVote): boolean {
  return to === null ? from === true : to;
}

/** A vote on a post. */
export interface VotePostWrite extends PendingVote {
  kind: 'vote-post';
  postId: string;
  postTitle: string;
}

/** A vote on a comment. */
export interface VoteCommentWrite extends PendingVote {
  kind: 'vote-comment';
  commentId: string;
  postPublicId: string;
  /** The start of the comment, to name it in the outbox's notices. */
  excerpt: string;
}

/** A new comment or reply. */
export interface CreateCommentWrite {
  kind: 'create-comment';
  body: string;
  /** The comment replied to; null for a top-level comment. */
  parentId: string | null;
  /** Speaking as oneself, as a moderator or as an admin. */
  userGroup: UserGroup;
  postId: string;
  postPublicId: string;
  postTitle: string;
  communityId: string;
}

/** Joining or leaving a community. */
export interface JoinCommunityWrite {
  kind: 'join-community';
  communityId: string;
  communityName: string;
  join: boolean;
}

/** What a list saves: a post or a comment. */
export interface SaveTarget {
  type: 'post' | 'comment';
  id: string;
}

/** Saving a post or a comment to a list, or taking it out. */
export interface SaveToListWrite {
  kind: 'save-to-list';
  list: Pick<List, 'id' | 'username' | 'name' | 'displayName'>;
  target: SaveTarget;
  /** True saves the item to the list, false takes it out. */
  saved: boolean;
}

export type MuteTarget = { type: 'user'; id: string; name: string } | { type: 'community'; id: string; name: string };

/** Muting or unmuting a user or a community. */
export interface MuteWrite {
  kind: 'mute';
  target: MuteTarget;
  mute: boolean;
}

export type OutboxWrite = VotePostWrite | VoteCommentWrite | CreateCommentWrite | JoinCommunityWrite | SaveToListWrite | MuteWrite;

export type WriteKindName = OutboxWrite['kind'];

/** Sends a write with the call's options (its `Idempotency-Key`) and answers the server's answer. */
export async function sendWrite(api: ApiClient, write: OutboxWrite, call: CallOptions): Promise<unknown> {
  switch (write.kind) {
    case 'vote-post':
      return api.votePost(write.postId, votePress(write), call);
    case 'vote-comment':
      return api.voteComment(write.commentId, votePress(write), call);
    case 'create-comment':
      return api.createComment(write.postPublicId, { body: write.body, parentCommentId: write.parentId }, write.userGroup, call);
    case 'join-community':
      return api.joinCommunity(write.communityId, !write.join, call);
    case 'save-to-list': {
      const item = { targetId: write.target.id, targetType: write.target.type };
      return write.saved ? api.addListItem(write.list.id, item, call) : api.removeListItem(write.list.id, item, call);
    }
    case 'mute': {
      const { target } = write;
      if (write.mute) return target.type === 'user' ? api.muteUser(target.id, call) : api.muteCommunity(target.id, call);
      await (target.type === 'user' ? api.unmuteUser(target.id, call) : api.unmuteCommunity(target.id, call));
      return null;
    }
  }
}
