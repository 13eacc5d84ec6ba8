export const COPY_LINK_MESSAGES = {
  done: 'Link copied to clipboard.',
  failed: 'Failed to copy link to clipboard.',
} as const;

/** Copies an address of this site, given as a path, to the clipboard; resolves to whether it worked. */
export async function copyLink(path: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(new URL(path, window.location.origin).href);
    return true;
  } catch {
    return false;
  }
}
