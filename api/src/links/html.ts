// Just enough HTML reading for a link preview: the page's title and preview image from its
// <title> and <meta> tags. No markup is ever rendered from here; the values are plain text.

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', ensp: '\u2002', emsp: '\u2003',
  thinsp: '\u2009', ndash: '\u2013', mdash: '\u2014', lsquo: '\u2018', rsquo: '\u2019', sbquo: '\u201a',
  ldquo: '\u201c', rdquo: '\u201d', bdquo: '\u201e', laquo: '\u00ab', raquo: '\u00bb', lsaquo: '\u2039',
  rsaquo: '\u203a', hellip: '\u2026', middot: '\u00b7', bull: '\u2022', copy: '\u00a9', reg: '\u00ae',
  trade: '\u2122', deg: '\u00b0', times: '\u00d7', divide: '\u00f7', plusmn: '\u00b1', euro: '\u20ac',
  pound: '\u00a3', yen: '\u00a5', cent: '\u00a2', sect: '\u00a7', para: '\u00b6', iexcl: '\u00a1',
  iquest: '\u00bf', dagger: '\u2020', Dagger: '\u2021', prime: '\u2032', larr: '\u2190', rarr: '\u2192',
  uarr: '\u2191', darr: '\u2193', hearts: '\u2665', aacute: '\u00e1', Aacute: '\u00c1', agrave: '\u00e0',
  Agrave: '\u00c0', acirc: '\u00e2', auml: '\u00e4', Auml: '\u00c4', aring: '\u00e5', atilde: '\u00e3',
  aelig: '\u00e6', ccedil: '\u00e7', Ccedil: '\u00c7', eacute: '\u00e9', Eacute: '\u00c9', egrave: '\u00e8',
  Egrave: '\u00c8', ecirc: '\u00ea', euml: '\u00eb', iacute: '\u00ed', igrave: '\u00ec', icirc: '\u00ee',
  iuml: '\u00ef', ntilde: '\u00f1', Ntilde: '\u00d1', oacute: '\u00f3', Oacute: '\u00d3', ograve: '\u00f2',
  ocirc: '\u00f4', ouml: '\u00f6', Ouml: '\u00d6', otilde: '\u00f5', oslash: '\u00f8', szlig: '\u00df',
  uacute: '\u00fa', ugrave: '\u00f9', ucirc: '\u00fb', uuml: '\u00fc', Uuml: '\u00dc', yacute: '\u00fd',
  yuml: '\u00ff',
};

function codePoint(value: number): string {
  if (!Number.isInteger(value) || value <= 0 || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(value);
}

/** Replaces character references (`&amp;`, `&#39;`, `&#x2014;`) with the characters they stand for. */
export function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));?/g, (whole, dec, hex, name) => {
    if (dec !== undefined) return codePoint(Number.parseInt(dec, 10));
    if (hex !== undefined) return codePoint(Number.parseInt(hex, 16));
    return NAMED_ENTITIES[name as string] ?? whole;
  });
}

const cleanText = (text: string) => decodeEntities(text).replace(/\s+/g, ' ').trim();

/** The attributes of one tag's inside, names lower-cased. */
function attributes(inside: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of inside.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    const name = (match[1] ?? '').toLowerCase();
    if (!found.has(name)) found.set(name, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return found;
}

export interface PagePreview {
  title: string | null;
  /** The preview image as written in the page (possibly relative); resolve it against the page URL. */
  image: string | null;
}

const TITLE_KEYS = ['og:title', 'twitter:title'];
const IMAGE_KEYS = ['og:image:secure_url', 'og:image:url', 'og:image', 'twitter:image', 'twitter:image:src'];

/** Title (og:title, twitter:title, then <title>) and image (og:image, twitter:image) of a page. */
export function readPagePreview(html: string): PagePreview {
  // Comments, scripts and styles may hold tag-like text that is not part of the page.
  const page = html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(/<(script|style|template|noscript)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi, '');
  const meta = new Map<string, string>();
  for (const match of page.matchAll(/<meta\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi)) {
    const attrs = attributes(match[1] ?? '');
    const key = (attrs.get('property') ?? attrs.get('name') ?? '').trim().toLowerCase();
    const content = attrs.get('content');
    if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
  }
  const first = (keys: string[]) => {
    for (const key of keys) {
      const value = cleanText(meta.get(key) ?? '');
      if (value) return value;
    }
    return null;
  };
  const titleTag = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(page)?.[1];
  return {
    title: first(TITLE_KEYS) ?? (titleTag !== undefined ? cleanText(titleTag) || null : null),
    image: first(IMAGE_KEYS),
  };
}

/** The charset a page declares in a <meta> tag near its start, if any. */
export function declaredCharset(head: string): string | null {
  return /<meta\b[^>]*charset\s*=\s*["']?\s*([A-Za-z0-9_:.-]+)/i.exec(head)?.[1] ?? null;
}
