import type { QueryClient } from '@tanstack/react-query';
import { registerMutations } from '../../../lib/mutation-definition.ts';
import { changePassword } from './change-password.ts';
import { requestDataExport } from './data-exports.ts';
import { deleteAccount } from './delete-account.ts';
import { requestEmailConfirmation } from './email-confirmation.ts';
import { endOtherSessions, endSession } from './end-sessions.ts';
import { addPasskey, removePasskey, renamePasskey } from './passkeys.ts';
import { newBackupCodes } from './two-step-backup-codes.ts';
import { disableTwoStep } from './two-step-disable.ts';
import { enableTwoStep, setUpTwoStep } from './two-step-setup.ts';
import { updateProfile } from './update-profile.ts';

/** The settings' mutations. */
export function registerSettingsMutations(client: QueryClient): void {
  registerMutations(client, [changePassword, updateProfile, deleteAccount, endSession, endOtherSessions, requestEmailConfirmation]);
  registerMutations(client, [setUpTwoStep, enableTwoStep, disableTwoStep, newBackupCodes]);
  registerMutations(client, [addPasskey, renamePasskey, removePasskey]);
  registerMutations(client, [requestDataExport]);
}
