import { useCallback } from 'react';
import { useAlerts } from './alerts-context.tsx';

/** Puts `text` on the clipboard; resolves to whether it worked. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
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
      alerts.show((await copyText(new URL(path, window.location.origin).href)) ? 'Link copied to clipboard.' : 'Failed to copy link to clipboard.');
    },
    [alerts],
  );
}

/** Copies the id of a post, comment or user, which admins may see, and says whether it worked. */
export function useCopyId(): (id: string) => Promise<void> {
  const alerts = useAlerts();
  return useCallback(
    async (id: string) => {
      alerts.show((await copyText(id)) ? `ID ${id} copied to clipboard.` : 'Failed to copy the ID to clipboard.');
    },
    [alerts],
  );
}
