import type { QueryClient } from '@tanstack/react-query';
import { registerMutations } from '../../../lib/mutation-definition.ts';
import { updateCommunityAutoMod } from './update-community-automod.ts';
import { updateSiteAutoMod } from './update-site-automod.ts';

/** The watched-words editors' mutations. */
export function registerAutoModMutations(client: QueryClient): void {
  registerMutations(client, [updateCommunityAutoMod, updateSiteAutoMod]);
}
