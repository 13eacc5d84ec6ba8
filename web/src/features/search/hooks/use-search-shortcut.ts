import { useEffect } from 'react';

/** Whether keys typed at this element are text (so '/' is a slash, not a shortcut). */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'range', 'color'].includes(target.type);
}

/**
 * '/' outside a text field goes to search: it focuses the search box on the page if there is one,
 * else calls `open`. Nothing happens while a dialog is open.
 */
export function useSearchShortcut(open: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (isTextEntry(event.target) || document.querySelector('dialog[open]')) return;
      event.preventDefault();
      const box = document.querySelector<HTMLInputElement>('main [data-search-combobox]');
      if (box) {
        box.focus();
        box.select();
      } else open();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
}
