import type { QueryClient } from '@tanstack/react-query';
import { registerMutations } from '../../../lib/mutation-definition.ts';
import { registerWriteKind } from '../../../lib/outbox/outbox.ts';
import { clearList } from './clear-list.ts';
import { createList } from './create-list.ts';
import { deleteList } from './delete-list.ts';
import { saveToListWrite } from './save-to-list.ts';
import { updateList } from './update-list.ts';

/** The lists' mutations and outbox writes. */
export function registerListsMutations(client: QueryClient): void {
  registerMutations(client, [createList, updateList, deleteList, clearList]);
  registerWriteKind(client, 'save-to-list', saveToListWrite);
}
