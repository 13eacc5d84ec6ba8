// Watched words: the rules that act on a post or comment before a moderator has to. The server
// screens every post and comment with them on create and edit; the rules editor runs the same code
// in its test box, so what it shows is what the server will do.
import type { WATCHED_WORD_ACTIONS } from './constants.ts';

export type WatchedWordAction = (typeof WATCHED_WORD_ACTIONS)[number];

export interface WatchedWordRule {
  /** Words or a phrase; `*` stands for any run of letters and digits, spaces for any spacing. */
  pattern: string;
  action: WatchedWordAction;
  /** What a `replace` rule puts in place of the match. */
  replacement: string | null;
  /** The rule as people are told it: in the refusal, the automatic report and the queue. */
  rule: string;
  /** Whether the community's moderators and the site's admins are screened too. */
  appliesToMods: boolean;
}

// A letter, digit, combining mark or underscore, in any script: what a word is made of.
const WORD_CHAR = '[\\p{L}\\p{N}\\p{M}_]';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** Whether a pattern names anything: `*` and spaces alone would match everywhere. */
export function isWatchablePattern(pattern: string): boolean {
  return /[^\s*]/u.test(pattern);
}

/**
 * The regular expression of one pattern, matched case-insensitively on word boundaries: it may
 * not start or end inside a word, unless its edge is a `*`.
 */
export function patternSource(pattern: string): string {
  const body = pattern
    .normalize('NFC')
    .trim()
    .split(/(\*|\s+)/u)
    .filter((part) => part !== '')
    .map((part) => (part === '*' ? `${WORD_CHAR}*` : /^\s+$/u.test(part) ? '\\s+' : escapeRegExp(part)))
    .join('');
  return `(?<!${WORD_CHAR})(?:${body})(?!${WORD_CHAR})`;
}

/** A list made ready to screen with: one expression finds whether any rule matches at all. */
export interface CompiledWatchedWords {
  rules: WatchedWordRule[];
  any: RegExp | null;
  each: RegExp[];
}

export function compileWatchedWords(rules: readonly WatchedWordRule[]): CompiledWatchedWords {
  const usable = rules.filter((rule) => isWatchablePattern(rule.pattern));
  const sources = usable.map((rule) => patternSource(rule.pattern));
  return {
    rules: usable,
    any: sources.length > 0 ? new RegExp(sources.join('|'), 'iu') : null,
    each: sources.map((source) => new RegExp(source, 'giu')),
  };
}

/** The text screened: what is replaced (title, body) and what is only looked at (link, alt texts). */
export interface ScreenedText {
  title?: string | null;
  body?: string | null;
  /** Link addresses and image alt texts and captions: matched, never rewritten. */
  other?: ReadonlyArray<string | null>;
}

export interface ScreenVerdict {
  /** The rule that refuses the text, if any. */
  block: WatchedWordRule | null;
  /** The rule that holds it for approval, if any. */
  hold: WatchedWordRule | null;
  /** The rule that reports it, if any. */
  report: WatchedWordRule | null;
  /** The replace rules that changed it. */
  replaced: WatchedWordRule[];
  /** The title and body after replacement. */
  title: string | null;
  body: string | null;
}

/**
 * What the lists do to a text: replace rules rewrite the title and body first, then the first
 * block, hold and report rules that still match are named (block over hold over report). Rules
 * that do not apply to moderators are skipped when `exempt`.
 */
export function screenText(lists: readonly CompiledWatchedWords[], text: ScreenedText, exempt: boolean): ScreenVerdict {
  let title = text.title?.normalize('NFC') ?? null;
  let body = text.body?.normalize('NFC') ?? null;
  const other = (text.other ?? []).filter((value): value is string => !!value).map((value) => value.normalize('NFC'));
  const verdict: ScreenVerdict = { block: null, hold: null, report: null, replaced: [], title, body };
  const applicable = lists.filter((list) => list.any && [title, body, ...other].some((value) => value && list.any?.test(value)));
  if (applicable.length === 0) return verdict;

  const matches = (regex: RegExp, value: string | null) => {
    if (!value) return false;
    regex.lastIndex = 0;
    return regex.test(value);
  };
  for (const list of applicable) {
    list.rules.forEach((rule, i) => {
      const regex = list.each[i];
      if (!regex || rule.action !== 'replace' || (exempt && !rule.appliesToMods)) return;
      if (!matches(regex, title) && !matches(regex, body)) return;
      const replacement = rule.replacement ?? '';
      title = title && title.replace(regex, () => replacement);
      body = body && body.replace(regex, () => replacement);
      verdict.replaced.push(rule);
    });
  }
  verdict.title = title;
  verdict.body = body;
  for (const list of applicable) {
    list.rules.forEach((rule, i) => {
      const regex = list.each[i];
      if (!regex || rule.action === 'replace' || verdict[rule.action] || (exempt && !rule.appliesToMods)) return;
      if ([title, body, ...other].some((value) => matches(regex, value))) verdict[rule.action] = rule;
    });
  }
  return verdict;
}
