import type { QueryClient } from '@tanstack/react-query';
import { registerMutations } from '../../../lib/mutation-definition.ts';
import { registerWriteKind } from '../../../lib/outbox/outbox.ts';
import { announcePost } from './announce-post.ts';
import { changePostGroup } from './change-post-group.ts';
import { createPost } from './create-post.ts';
import { hidePost } from './hide-post.ts';
import { saveAltText } from './image-alt-text.ts';
import { pinPost } from './pin-post.ts';
import { updatePost } from './update-post.ts';
import { votePostWrite } from './vote-post.ts';

/** The posts' mutations and outbox writes (deleting and locking are lib/content-writes.ts). */
export function registerPostsMutations(client: QueryClient): void {
  registerMutations(client, [createPost, updatePost, hidePost, pinPost, announcePost, changePostGroup, saveAltText]);
  registerWriteKind(client, 'vote-post', votePostWrite);
}
