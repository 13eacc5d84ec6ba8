import { isHttpUrl } from '@quorum/shared/schemas/posts';

export interface PastedLink {
  /** The markdown that replaces the selection. */
  text: string;
  /** The whole value after the paste. */
  value: string;
  /** Where the caret goes: after the link. */
  caret: number;
}

/** Brackets in the link text would end it early; parentheses in the address would end it too. */
function escapeLinkText(text: string): string {
  return text.replace(/[[\]\\]/g, (char) => `\\${char}`);
}

function escapeUrl(url: string): string {
  return url.replace(/\(/g, '%28').replace(/\)/g, '%29');
}

/**
 * Pasting an address over selected text makes a markdown link `[selected](address)`. Returns null
 * when the paste is an ordinary one: nothing selected, the clipboard is not a single http(s)
 * address, or the selection is itself an address (the user is replacing it).
 */
export function linkFromPaste(value: string, selectionStart: number, selectionEnd: number, pasted: string): PastedLink | null {
  const start = Math.min(selectionStart, selectionEnd);
  const end = Math.max(selectionStart, selectionEnd);
  if (start === end) return null;
  const url = pasted.trim();
  if (!isHttpUrl(url)) return null;
  const selected = value.slice(start, end);
  if (selected.trim() === '' || isHttpUrl(selected.trim())) return null;
  const text = `[${escapeLinkText(selected)}](${escapeUrl(url)})`;
  return { text, value: value.slice(0, start) + text + value.slice(end), caret: start + text.length };
}
