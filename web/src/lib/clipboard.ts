import { useCallback } from 'react';
import { useAlerts } from './alerts-context.tsx';

/** Copies an address of this site, given as a path, to the clipboard; resolves to whether it worked. */
async function copyLink(path: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(new URL(path, window.location.origin).href);
    return true;
  } catch {
    return false;
  }
}

/** Copies a link to a page of this site and says whether it worked, in the specification's words. */
export function useCopyLink(): (path: string) => Promise<void> {
  const alerts = useAlerts();
  return useCallback(
    async (path: string) => {
      alerts.show((await copyLink(path)) ? 'Link copied to clipboard.' : 'Failed to copy link to clipboard.');
    },
    [alerts],
  );
}
