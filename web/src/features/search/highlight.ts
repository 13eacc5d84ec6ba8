import { markdownToText } from '../../components/markdown/markdown-text.ts';

export interface HighlightPart {
  text: string;
  marked: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text with the HTML character references the server escapes with turned back into characters. */
export function decodeEntities(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Parts from pieces of text and the tags (or characters) that start and end a mark between them. */
function joinParts(pieces: readonly string[], start: string, end: string, read: (piece: string) => string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let marked = false;
  for (const piece of pieces) {
    const tag = piece.toLowerCase();
    if (tag === start) marked = true;
    else if (tag === end) marked = false;
    else if (piece) {
      const text = read(piece);
      const last = parts[parts.length - 1];
      if (last && last.marked === marked) last.text += text;
      else if (text) parts.push({ text, marked });
    }
  }
  return parts;
}

/**
 * A highlight (escaped HTML whose only tags are <mark> and </mark>) as plain text parts, marked
 * or not, for rendering as text nodes. Any other markup stays literal text.
 */
export function highlightParts(html: string): HighlightPart[] {
  return joinParts(html.split(/(<\/?mark>)/i), '<mark>', '</mark>', decodeEntities);
}

// Private-use characters that markdownToText passes through, standing for <mark> and </mark>.
const MARK_START = '\ue000';
const MARK_END = '\ue001';

/**
 * Like highlightParts, for a highlight of markdown (a post's or a comment's body, or an excerpt of
 * one): the parts hold the text a reader sees, without the markdown syntax, with the same words marked.
 */
export function markdownHighlightParts(html: string): HighlightPart[] {
  const source = html
    .split(/(<\/?mark>)/i)
    .map((piece) => {
      const tag = piece.toLowerCase();
      if (tag === '<mark>') return MARK_START;
      if (tag === '</mark>') return MARK_END;
      return decodeEntities(piece).replace(/[\ue000\ue001]/g, '');
    })
    .join('');
  return joinParts(markdownToText(source).split(/([\ue000\ue001])/), MARK_START, MARK_END, (piece) => piece);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Text as a highlight like the server's: escaped, with every occurrence of the words (any case) in <mark>. */
export function markWords(text: string, words: readonly string[]): string {
  const wanted = words.filter(Boolean).map(escapeRegExp);
  const escape = (piece: string) => piece.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
  if (wanted.length === 0) return escape(text);
  const pattern = new RegExp(`(${wanted.join('|')})`, 'giu');
  return text
    .split(pattern)
    .map((piece, index) => (index % 2 === 1 ? `<mark>${escape(piece)}</mark>` : escape(piece)))
    .join('');
}
