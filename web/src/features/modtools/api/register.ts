import type { QueryClient } from '@tanstack/react-query';
import { registerMutations } from '../../../lib/mutation-definition.ts';
import { addMod } from './add-mod.ts';
import { banFromCommunity } from './ban-from-community.ts';
import { createRule } from './create-rule.ts';
import { deleteRule } from './delete-rule.ts';
import { actOnHeld } from './held.ts';
import { ignoreReport } from './ignore-report.ts';
import { moveMod } from './move-mod.ts';
import { removeMod } from './remove-mod.ts';
import { unbanFromCommunity } from './unban-from-community.ts';
import { updateCommunity } from './update-community.ts';
import { updateRule } from './update-rule.ts';

/** The moderation tools' mutations (deleting and locking reported content are lib/content-writes.ts). */
export function registerModtoolsMutations(client: QueryClient): void {
  registerMutations(client, [
    updateCommunity,
    createRule,
    updateRule,
    deleteRule,
    addMod,
    removeMod,
    moveMod,
    banFromCommunity,
    unbanFromCommunity,
    ignoreReport,
    actOnHeld,
  ]);
}
