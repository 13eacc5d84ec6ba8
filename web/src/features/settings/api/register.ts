import type { QueryClient } from '@tanstack/react-query';
import { registerMutations } from '../../../lib/mutation-definition.ts';
import { changePassword } from './change-password.ts';
import { deleteAccount } from './delete-account.ts';
import { endOtherSessions, endSession } from './end-sessions.ts';
import { updateProfile } from './update-profile.ts';

/** The settings' mutations. */
export function registerSettingsMutations(client: QueryClient): void {
  registerMutations(client, [changePassword, updateProfile, deleteAccount, endSession, endOtherSessions]);
}
