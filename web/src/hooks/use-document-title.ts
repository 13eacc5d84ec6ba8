import { useEffect } from 'react';

/** Sets the tab title to "<title> · Quorum", or just "Quorum". */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Quorum` : 'Quorum';
  }, [title]);
}
