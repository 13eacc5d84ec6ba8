import { Fragment, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../components/ui/modal.tsx';
import { useHasBeenTrue } from '../../hooks/use-has-been-true.ts';
import { useContentActions } from '../../lib/content-actions.ts';
import { useDevicePreferences } from '../../lib/device-preferences.ts';
import {
  SEQUENCE_TIMEOUT_MS, SHORTCUTS, controlIn, focusItem, isTextEntry, itemOf, itemTarget, matchShortcut, neighbourItem, pageControl,
  type ShortcutCommand,
} from '../../lib/keyboard-shortcuts.ts';
import './keyboard-shortcuts.css';

/** Popups with their own keys (menus, suggestion lists, the phone's drawer). */
const OWN_KEYS = '[role="menu"], [role="listbox"], [role="dialog"]';

function ShortcutKeys({ sequences }: { sequences: ReadonlyArray<readonly string[]> }) {
  return (
    <>
      {sequences.map((keys, index) => (
        <Fragment key={keys.join(' ')}>
          {index > 0 && ' or '}
          {keys.map((key, position) => (
            <Fragment key={key}>
              {position > 0 && ' then '}
              <kbd>{key}</kbd>
            </Fragment>
          ))}
        </Fragment>
      ))}
    </>
  );
}

function ShortcutsHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Keyboard shortcuts" description="Not while typing in a text box. Settings, under Device preferences, turns them off." size="medium">
      <dl className="shortcuts-help" data-shortcuts-help>
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.description} className="shortcuts-help__row">
            <dt className="shortcuts-help__keys">
              <ShortcutKeys sequences={shortcut.sequences} />
            </dt>
            <dd className="shortcuts-help__what">{shortcut.description}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}

/** The item the focus is on or in. */
function focusedItem(): HTMLElement | null {
  return itemOf(document.activeElement);
}

/**
 * Opens the reply box of the focused comment; with the post or nothing in focus, goes to the
 * page's comment box.
 */
function reply(): boolean {
  const item = focusedItem();
  const control = item ? controlIn(item, 'reply') : null;
  if (item && control) {
    const box = control.getAttribute('aria-expanded') === 'true' ? item.querySelector<HTMLElement>('textarea') : null;
    if (box) box.focus();
    else control.click();
    return true;
  }
  // A comment that takes no reply (deleted, too deep, a locked post) has none to open.
  if (item?.dataset.shortcutItem === 'comment') return false;
  const composer = pageControl('comment');
  if (!composer) return false;
  if (composer instanceof HTMLButtonElement) composer.click();
  else composer.querySelector<HTMLElement>('textarea')?.focus();
  return true;
}

/**
 * The app's keyboard shortcuts (lib/keyboard-shortcuts.ts lists them): j and k move the focus
 * between the posts and comments the page marks, the other keys press the focused item's own
 * controls, so visitors get the same login prompt the buttons give. Keys typed into a text box,
 * with Ctrl, Cmd or Alt, or while a dialog or menu is open are left alone. Turned off in the
 * device preferences for people whose speech input types letters.
 */
export function KeyboardShortcuts() {
  const { keyboard_shortcuts_disabled: disabled } = useDevicePreferences();
  const navigate = useNavigate();
  const content = useContentActions();
  const [helpOpen, setHelpOpen] = useState(false);
  const helpMounted = useHasBeenTrue(helpOpen);
  const prefix = useRef<{ key: string; at: number } | null>(null);

  useEffect(() => {
    if (disabled) return;

    const run = (command: ShortcutCommand, event: KeyboardEvent): boolean => {
      switch (command.kind) {
        case 'move': {
          const next = neighbourItem(focusedItem(), command.step);
          if (next) focusItem(next);
          return next !== null;
        }
        case 'press': {
          const item = focusedItem();
          // Enter belongs to the focused control; it opens only from the item itself.
          if (event.key === 'Enter' && event.target !== item) return false;
          const control = item ? controlIn(item, command.action) : null;
          control?.click();
          return control !== null;
        }
        case 'save': {
          const item = focusedItem();
          const target = item ? itemTarget(item) : null;
          if (target) content.save(target);
          return target !== null;
        }
        case 'reply':
          return reply();
        case 'go':
          void navigate(command.href);
          return true;
        case 'help':
          setHelpOpen(true);
          return true;
      }
    };

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
      // Shift makes letters capitals (not shortcuts) and '?'; with a named key it is something else.
      if (event.shiftKey && event.key.length > 1) return;
      if (isTextEntry(event.target)) return;
      const openDialog = document.querySelector('dialog[open]');
      if (openDialog) {
        if (event.key === '?' && openDialog.querySelector('[data-shortcuts-help]')) {
          event.preventDefault();
          setHelpOpen(false);
        }
        return;
      }
      if (event.target instanceof Element && event.target.closest(OWN_KEYS)) return;

      const pending = prefix.current && Date.now() - prefix.current.at <= SEQUENCE_TIMEOUT_MS ? prefix.current.key : null;
      prefix.current = null;
      const match = matchShortcut(event.key, pending);
      if (!match) return;
      if (match.kind === 'prefix') {
        prefix.current = { key: match.key, at: Date.now() };
        return;
      }
      // Holding j keeps moving; holding a must not vote again and again.
      if (event.repeat && match.command.kind !== 'move') return;
      if (run(match.command, event)) event.preventDefault();
    };

    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [disabled, navigate, content]);

  return helpMounted ? <ShortcutsHelp open={helpOpen} onClose={() => setHelpOpen(false)} /> : null;
}
