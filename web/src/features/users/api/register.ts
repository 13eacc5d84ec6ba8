import type { QueryClient } from '@tanstack/react-query';
import { registerMutations } from '../../../lib/mutation-definition.ts';
import { banUser } from './ban-user.ts';
import { removeProPic } from './remove-pro-pic.ts';
import { saveProPicAltText } from './save-pro-pic-alt-text.ts';
import { setSupporterBadge } from './set-supporter-badge.ts';
import { unbanUser } from './unban-user.ts';
import { uploadProPic } from './upload-pro-pic.ts';

/** The users' mutations. */
export function registerUsersMutations(client: QueryClient): void {
  registerMutations(client, [setSupporterBadge, uploadProPic, removeProPic, saveProPicAltText, banUser, unbanUser]);
}
