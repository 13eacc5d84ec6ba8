import type { QueryClient } from '@tanstack/react-query';
import { createCommentWrite } from '../features/comments/api/create-comment.ts';
import { voteCommentWrite } from '../features/comments/api/vote-comment.ts';
import { joinCommunityWrite } from '../features/communities/api/join-community.ts';
import { saveToListWrite } from '../features/lists/api/save-to-list.ts';
import { votePostWrite } from '../features/posts/api/vote-post.ts';
import { registerMutationDefaults } from '../lib/mutations.ts';
import { registerWriteKind } from '../lib/outbox/outbox.ts';
import { muteWrite } from '../lib/session/mutes.ts';

/**
 * Every mutation's defaults, in one place: the plain ones (lib/mutations.ts) and the writes that
 * go through the outbox (lib/outbox/outbox.ts: how each is sent and applied, so that writes stored
 * before a reload can be sent again). A new kind of durable write is added here.
 */
export function registerMutations(client: QueryClient): void {
  registerMutationDefaults(client);
  registerWriteKind(client, 'vote-post', votePostWrite);
  registerWriteKind(client, 'vote-comment', voteCommentWrite);
  registerWriteKind(client, 'create-comment', createCommentWrite);
  registerWriteKind(client, 'join-community', joinCommunityWrite);
  registerWriteKind(client, 'mute', muteWrite);
  registerWriteKind(client, 'save-to-list', saveToListWrite);
}
