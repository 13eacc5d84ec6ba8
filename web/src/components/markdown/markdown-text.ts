// Private-use characters stand in for what must come out unchanged while the syntax is taken away:
// U+E100 + an ASCII code for a backslash-escaped character, U+E200 onwards for code. U+E000–U+E0FF
// are left alone, so that a caller can mark places in the text (search highlights do).
const ESCAPED_BASE = 0xe100;
const ESCAPED = /[\ue100-\ue17f]/g;
const KEPT_BASE = 0xe200;
const KEPT_LAST = 0xf8ff;
const KEPT = /[\ue200-\uf8ff]/g;
const STAND_INS = /[\ue100-\uf8ff]/g;

const LABEL = String.raw`((?:[^\[\]]|\[[^\[\]]*\])*)`;
const DESTINATION = String.raw`(?:<[^<>\n]*>|(?:[^\s()]|\([^\s()]*\))*)`;
const TITLE = String.raw`(?:\s+(?:"[^"]*"|'[^']*'|\([^()]*\)))?`;
const LINK = String.raw`\[${LABEL}\]\(\s*${DESTINATION}${TITLE}\s*\)`;
const IMAGE = new RegExp(`!${LINK}`, 'g');
const INLINE_LINK = new RegExp(LINK, 'g');
/** What is left of a link cut by an excerpt: `](address)`, or `](addr` at the end. */
const LINK_TAIL = new RegExp(String.raw`\]\(\s*${DESTINATION}${TITLE}\s*\)?`, 'g');

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;
const REFERENCE_DEFINITION = /^ {0,3}\[(?!\^)[^\]]+\]:\s*\S/;
const TABLE_DELIMITER_ROW = /^[ \t]*\|?(?:[ \t]*:?-+:?[ \t]*\|)+(?:[ \t]*:?-+:?[ \t]*)?$|^[ \t]*\|[ \t]*:?-+:?[ \t]*$/;

/** Text with the pattern's delimiters taken away, again and again, for nested and neighbouring pairs. */
function unwrap(text: string, pattern: RegExp, replacement: string): string {
  let current = text;
  for (;;) {
    const next = current.replace(pattern, replacement);
    if (next === current) return next;
    current = next;
  }
}

/** One line outside code, without its block syntax: quote and bullet markers, heading hashes, table pipes. */
function blockLine(line: string): string {
  if (THEMATIC_BREAK.test(line) || SETEXT_UNDERLINE.test(line) || REFERENCE_DEFINITION.test(line) || TABLE_DELIMITER_ROW.test(line)) return '';
  let rest = line;
  let previous;
  do {
    previous = rest;
    rest = rest
      .replace(/^[ \t]*>[ \t]?/, '')
      .replace(/^[ \t]*[-*+][ \t]+(?:\[[ xX]\][ \t]+)?/, '')
      .replace(/^([ \t]*\d{1,9}[.)][ \t]+)\[[ xX]\][ \t]+/, '$1');
  } while (rest !== previous);
  if (/^ {0,3}#{1,6}(?:[ \t]|$)/.test(rest)) rest = rest.replace(/^ {0,3}#{1,6}[ \t]*/, '').replace(/(?:^|[ \t]+)#+[ \t]*$/, '');
  if (/^[ \t]*\|/.test(rest)) rest = rest.replace(/^[ \t]*\|/, '').replace(/\|[ \t]*$/, '').replace(/[ \t]*\|[ \t]*/g, ' ');
  return rest;
}

/** One paragraph without its inline syntax; `keep` sets text aside so that nothing after it is changed. */
function inlineText(paragraph: string, keep: (text: string) => string): string {
  let text = paragraph
    // One scan for escapes and code spans, so that whichever starts first wins (as in CommonMark).
    .replace(/\\([!-/:-@[-`{-~])|(`+)([^`]|[^`][\s\S]*?[^`])\2(?!`)/g, (_whole, escaped: string | undefined, _ticks, code: string | undefined) => {
      if (escaped !== undefined) return String.fromCharCode(ESCAPED_BASE + escaped.charCodeAt(0));
      const inner = code ?? '';
      return keep(/^ .*[^ ].* $/s.test(inner) ? inner.slice(1, -1) : inner);
    })
    .replace(/`+/g, '')
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(/<((?:https?|ftp|mailto|ircs?|xmpp):[^\s<>]*|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)>/gi, (_whole, address: string) => keep(address))
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g, '')
    .replace(IMAGE, '$1')
    .replace(INLINE_LINK, '$1')
    .replace(/\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\[[^\[\]]*\]/g, '$1')
    .replace(/\[\^[^\]\s]+\]/g, '')
    .replace(LINK_TAIL, '')
    .replace(/!?\[(?=[^\]]*$)/g, '');
  text = unwrap(text, /\*\*\*(\S|\S[\s\S]*?\S)\*\*\*/g, '$1');
  text = unwrap(text, /\*\*(\S|\S[\s\S]*?\S)\*\*/g, '$1');
  text = unwrap(text, /\*(\S|\S[\s\S]*?\S)\*/g, '$1');
  // Underscores mark emphasis only at the edges of words: snake_case stays as it is.
  text = unwrap(text, /(^|[^\p{L}\p{N}_])___(\S|\S[\s\S]*?\S)___(?![\p{L}\p{N}_])/gu, '$1$2');
  text = unwrap(text, /(^|[^\p{L}\p{N}_])__(\S|\S[\s\S]*?\S)__(?![\p{L}\p{N}_])/gu, '$1$2');
  text = unwrap(text, /(^|[^\p{L}\p{N}_])_(\S|\S[\s\S]*?\S)_(?![\p{L}\p{N}_])/gu, '$1$2');
  text = unwrap(text, /~~(\S|\S[\s\S]*?\S)~~/g, '$1');
  text = unwrap(text, /~(\S|\S[\s\S]*?\S)~/g, '$1');
  // What is left of emphasis whose other half an excerpt cut off (excerpts start and end at words):
  // bold and strikethrough marks anywhere, emphasis marks at the outer edge of a word.
  return text
    .replace(/\*{2,}|~{2,}/g, '')
    .replace(/(^|\s)[*_]{1,3}(?=[\p{L}\p{N}\ue000-\ue0ff])/gu, '$1')
    .replace(/([\p{L}\p{N}\ue000-\ue0ff])[*_]{1,3}(?=$|[\s.,;:!?)])/gu, '$1');
}

/**
 * Markdown (GFM, as posts and comments are written) as the text a reader sees, on one line: no
 * heading, quote or list markers, no emphasis marks, links and images as their text, code as its
 * content, raw HTML tags left out (they are never rendered). Also reads an excerpt cut anywhere,
 * such as a search highlight, leaving out the half of a link or of bold text the cut left behind.
 */
export function markdownToText(markdown: string): string {
  const kept: string[] = [];
  const keep = (text: string): string => {
    if (KEPT_BASE + kept.length > KEPT_LAST) return text;
    kept.push(text);
    return String.fromCharCode(KEPT_BASE + kept.length - 1);
  };

  const lines: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.replace(STAND_INS, '').split(/\r\n?|\n/)) {
    const match = FENCE.exec(line);
    const marker = match?.[1] ?? '';
    const after = match ? line.slice(match[0].length) : '';
    if (fence !== null) {
      if (marker !== '' && marker[0] === fence[0] && marker.length >= fence.length && after.trim() === '') fence = null;
      else lines.push(keep(line));
    } else if (marker !== '' && !(marker.startsWith('`') && after.includes('`'))) {
      fence = marker;
    } else {
      lines.push(blockLine(line));
    }
  }

  return lines
    .join('\n')
    .replace(/\\\n/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => inlineText(paragraph, keep))
    .join(' ')
    .replace(KEPT, (char) => kept[char.charCodeAt(0) - KEPT_BASE] ?? '')
    .replace(ESCAPED, (char) => String.fromCharCode(char.charCodeAt(0) - ESCAPED_BASE))
    .replace(/\s+/g, ' ')
    .trim();
}
