import type { QueryClient } from '@tanstack/react-query';
import { registerAdminMutations } from '../features/admin/api/register.ts';
import { registerAuthMutations } from '../features/auth/api/register.ts';
import { registerAutoModMutations } from '../features/automod/api/register.ts';
import { registerCommentsMutations } from '../features/comments/api/register.ts';
import { registerCommunitiesMutations } from '../features/communities/api/register.ts';
import { registerListsMutations } from '../features/lists/api/register.ts';
import { registerModtoolsMutations } from '../features/modtools/api/register.ts';
import { registerNotificationsMutations } from '../features/notifications/api/register.ts';
import { registerPostsMutations } from '../features/posts/api/register.ts';
import { registerReportsMutations } from '../features/reports/api/register.ts';
import { registerSettingsMutations } from '../features/settings/api/register.ts';
import { registerUsersMutations } from '../features/users/api/register.ts';
import { registerContentWrites } from '../lib/content-writes.ts';
import { registerSessionMutations } from '../lib/session/register.ts';

/**
 * Every mutation's defaults, owner by owner: each registers the calls of its mutations and its
 * kinds of outbox write (how each answer is applied, so that writes stored before a reload can be
 * sent again). A new owner is added to this list.
 */
export function registerAppMutations(client: QueryClient): void {
  registerSessionMutations(client);
  registerAuthMutations(client);
  registerContentWrites(client);
  registerPostsMutations(client);
  registerCommentsMutations(client);
  registerCommunitiesMutations(client);
  registerListsMutations(client);
  registerReportsMutations(client);
  registerNotificationsMutations(client);
  registerSettingsMutations(client);
  registerUsersMutations(client);
  registerModtoolsMutations(client);
  registerAdminMutations(client);
  registerAutoModMutations(client);
}
