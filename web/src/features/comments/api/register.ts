import type { QueryClient } from '@tanstack/react-query';
import { registerMutations } from '../../../lib/mutation-definition.ts';
import { registerWriteKind } from '../../../lib/outbox/outbox.ts';
import { changeCommentGroup } from './change-comment-group.ts';
import { createCommentWrite } from './create-comment.ts';
import { updateComment } from './update-comment.ts';
import { voteCommentWrite } from './vote-comment.ts';

/** The comments' mutations and outbox writes (deleting is lib/content-writes.ts). */
export function registerCommentsMutations(client: QueryClient): void {
  registerMutations(client, [updateComment, changeCommentGroup]);
  registerWriteKind(client, 'vote-comment', voteCommentWrite);
  registerWriteKind(client, 'create-comment', createCommentWrite);
}
