import { paths } from '../config/paths.ts';
import type { ContentTarget } from './content-actions.ts';

// Single-key shortcuts for readers with a keyboard. Features only mark their markup: a post or a
// comment with `shortcutItem(…)`, and the controls a key presses with `data-shortcut="<action>"`.
// The app's listener finds them in the page, so no feature needs to know about keys.

/** The controls of an item (or of the page) that a key presses. */
export type ShortcutAction = 'upvote' | 'downvote' | 'open' | 'reply' | 'collapse' | 'comment';

export type ShortcutCommand =
  | { kind: 'move'; step: 1 | -1 }
  | { kind: 'press'; action: ShortcutAction }
  | { kind: 'save' }
  | { kind: 'reply' }
  | { kind: 'go'; href: string }
  | { kind: 'help' };

export interface Shortcut {
  /** Each way of typing it: one key, or keys pressed one after the other. */
  sequences: ReadonlyArray<readonly string[]>;
  description: string;
  command: ShortcutCommand;
}

/** How long the second key of a sequence (g then h) may wait for. */
export const SEQUENCE_TIMEOUT_MS = 1500;

export const SHORTCUTS: readonly Shortcut[] = [
  { sequences: [['j']], description: 'Next post or comment', command: { kind: 'move', step: 1 } },
  { sequences: [['k']], description: 'Previous post or comment', command: { kind: 'move', step: -1 } },
  { sequences: [['a']], description: 'Upvote', command: { kind: 'press', action: 'upvote' } },
  { sequences: [['z']], description: 'Downvote', command: { kind: 'press', action: 'downvote' } },
  { sequences: [['o'], ['Enter']], description: "Open the post, or the comment's link", command: { kind: 'press', action: 'open' } },
  { sequences: [['s']], description: 'Save to a list', command: { kind: 'save' } },
  { sequences: [['r']], description: 'Reply to the comment, or write a comment on a post page', command: { kind: 'reply' } },
  { sequences: [['c']], description: 'Collapse or expand the comment', command: { kind: 'press', action: 'collapse' } },
  { sequences: [['g', 'h']], description: 'Go home', command: { kind: 'go', href: paths.home.getHref() } },
  { sequences: [['g', 'n']], description: 'Go to notifications', command: { kind: 'go', href: paths.notifications.getHref() } },
  { sequences: [['g', 's']], description: 'Go to settings', command: { kind: 'go', href: paths.settings.getHref() } },
  { sequences: [['?']], description: 'Show these shortcuts', command: { kind: 'help' } },
];

export type ShortcutMatch = { kind: 'command'; command: ShortcutCommand } | { kind: 'prefix'; key: string } | null;

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((key, index) => key === b[index]);
}

/**
 * What `key` means after `prefix` (the first key of a sequence typed just before, or null): a
 * command, the start of a sequence, or nothing. A key that does not finish the sequence counts
 * on its own. Keys are matched as typed, so Shift+J is not j.
 */
export function matchShortcut(key: string, prefix: string | null): ShortcutMatch {
  if (prefix !== null) {
    const finished = SHORTCUTS.find((shortcut) => shortcut.sequences.some((keys) => sameKeys(keys, [prefix, key])));
    if (finished) return { kind: 'command', command: finished.command };
  }
  const single = SHORTCUTS.find((shortcut) => shortcut.sequences.some((keys) => sameKeys(keys, [key])));
  if (single) return { kind: 'command', command: single.command };
  const starts = SHORTCUTS.some((shortcut) => shortcut.sequences.some((keys) => keys.length > 1 && keys[0] === key));
  return starts ? { kind: 'prefix', key } : null;
}

/** Whether keys typed at this element are text, or a choice the arrow keys and letters make. */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'range', 'color'].includes(target.type);
}

/** The attributes that make a post or a comment a stop of j and k, and say what s saves. */
export function shortcutItem(target: ContentTarget) {
  return { 'data-shortcut-item': target.type, 'data-shortcut-id': target.id, 'data-shortcut-author': target.authorId };
}

const ITEM_SELECTOR = '[data-shortcut-item]';

/** What s saves for this item, read back from its attributes. */
export function itemTarget(item: HTMLElement): ContentTarget | null {
  const { shortcutItem: type, shortcutId: id, shortcutAuthor: authorId } = item.dataset;
  if ((type !== 'post' && type !== 'comment') || !id || authorId === undefined) return null;
  return { type, id, authorId };
}

function isShown(element: HTMLElement): boolean {
  if (element.closest('[hidden], [inert]')) return false;
  return typeof element.checkVisibility === 'function' ? element.checkVisibility() : true;
}

/** The items on the page that can be moved to, in document order. */
export function shownItems(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>(ITEM_SELECTOR)).filter(isShown);
}

/** The item that holds `element` (or is it). */
export function itemOf(element: Element | null): HTMLElement | null {
  return element?.closest<HTMLElement>(ITEM_SELECTOR) ?? null;
}

/** The first item not above the screen (nor under the top bar): where j starts from nothing. */
function firstOnScreen(items: HTMLElement[]): HTMLElement | undefined {
  return items.find((item) => item.getBoundingClientRect().bottom > (parseFloat(getComputedStyle(item).scrollMarginTop) || 0)) ?? items[0];
}

/** The item `step` away from `from`, or, with no `from`, the first one on screen; null at either end. */
export function neighbourItem(from: HTMLElement | null, step: 1 | -1): HTMLElement | null {
  const items = shownItems();
  const index = from ? items.indexOf(from) : -1;
  if (index < 0) return firstOnScreen(items) ?? null;
  return items[index + step] ?? null;
}

/** Focuses an item and scrolls it just into view (its scroll margins keep it clear of the bars). */
export function focusItem(item: HTMLElement): void {
  if (!item.hasAttribute('tabindex')) item.tabIndex = -1;
  item.focus({ preventScroll: true });
  item.scrollIntoView({ block: 'nearest' });
}

/**
 * The item's own control for `action`, not one of an item inside it (a reply's): the one shown,
 * or else one the layout hides because another control does its job on screen (a comment's
 * collapse button, whose thread line is what shows).
 */
export function controlIn(item: HTMLElement, action: ShortcutAction): HTMLElement | null {
  const own = Array.from(item.querySelectorAll<HTMLElement>(`[data-shortcut="${action}"]`)).filter((control) => itemOf(control) === item);
  return own.find(isShown) ?? own[0] ?? null;
}

/** The page's control for `action` outside any item (the post page's comment box). */
export function pageControl(action: ShortcutAction): HTMLElement | null {
  const controls = document.querySelectorAll<HTMLElement>(`[data-shortcut="${action}"]`);
  return Array.from(controls).find((control) => itemOf(control) === null && isShown(control)) ?? null;
}
