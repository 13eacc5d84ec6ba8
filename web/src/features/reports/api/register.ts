import type { QueryClient } from '@tanstack/react-query';
import { registerMutations } from '../../../lib/mutation-definition.ts';
import { report } from './report.ts';

/** The reports' mutation. */
export function registerReportsMutations(client: QueryClient): void {
  registerMutations(client, [report]);
}
