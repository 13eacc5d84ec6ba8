import type { QueryClient } from '@tanstack/react-query';
import { registerMutations } from '../../../lib/mutation-definition.ts';
import { registerWriteKind } from '../../../lib/outbox/outbox.ts';
import { createCommunity } from './create-community.ts';
import { joinCommunityWrite } from './join-community.ts';
import { removeCommunityImage } from './remove-community-image.ts';
import { requestCommunity } from './request-community.ts';
import { uploadCommunityImage } from './upload-community-image.ts';

/** The communities' mutations and outbox writes. */
export function registerCommunitiesMutations(client: QueryClient): void {
  registerMutations(client, [createCommunity, uploadCommunityImage, removeCommunityImage, requestCommunity]);
  registerWriteKind(client, 'join-community', joinCommunityWrite);
}
