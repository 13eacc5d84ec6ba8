import { useCallback, useState } from 'react';
import { Icon } from '../../../components/ui/icon.tsx';
import { useSearchShortcut } from '../hooks/use-search-shortcut.ts';
import { SearchModal } from './search-modal.tsx';
import './search.css';

/** The navbar's search: a button (shown when `showButton`) and the '/' shortcut, both opening the search dialog. */
export function SearchLauncher({ showButton }: { showButton: boolean }) {
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  useSearchShortcut(show);
  return (
    <>
      {showButton && (
        <button type="button" className="search-launcher" onClick={show} aria-keyshortcuts="/">
          <Icon name="search" size={18} />
          <span className="search-launcher__label">Search</span>
          <kbd className="search-launcher__key" aria-hidden="true">
            /
          </kbd>
        </button>
      )}
      <SearchModal open={open} onClose={close} />
    </>
  );
}
