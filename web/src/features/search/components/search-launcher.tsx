import { Suspense, useCallback, useEffect, useState } from 'react';
import { Icon } from '../../../components/ui/icon.tsx';
import { useHasBeenTrue } from '../../../hooks/use-has-been-true.ts';
import { lazyComponent, preloadWhenIdle } from '../../../lib/lazy-component.ts';
import { useSearchShortcut } from '../hooks/use-search-shortcut.ts';
import './search.css';

const SearchModal = lazyComponent(async () => (await import('./search-modal.tsx')).SearchModal);

/** The navbar's search: a button (shown when `showButton`) and the '/' shortcut, both opening the search dialog. */
export function SearchLauncher({ showButton }: { showButton: boolean }) {
  const [open, setOpen] = useState(false);
  const opened = useHasBeenTrue(open);
  const show = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  useSearchShortcut(show);
  useEffect(() => preloadWhenIdle(SearchModal), []);
  return (
    <>
      {showButton && (
        <button
          type="button"
          className="search-launcher"
          onClick={(event) => {
            // Safari does not focus a clicked button; the dialog gives focus back to what had it.
            event.currentTarget.focus();
            show();
          }}
          aria-keyshortcuts="/"
        >
          <Icon name="search" size={18} />
          <span className="search-launcher__label">Search</span>
          <kbd className="search-launcher__key" aria-hidden="true">
            /
          </kbd>
        </button>
      )}
      {opened && (
        <Suspense fallback={null}>
          <SearchModal open={open} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
