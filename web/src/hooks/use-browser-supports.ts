import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;
const notOnServer = () => false;

/**
 * Whether the browser has a feature (`check` must return the same answer every time). False on the
 * server and in the first render of a page drawn there, which must match it; true right after.
 */
export function useBrowserSupports(check: () => boolean): boolean {
  return useSyncExternalStore(noChanges, check, notOnServer);
}
