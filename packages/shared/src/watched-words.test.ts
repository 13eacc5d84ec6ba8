import { describe, expect, it } from 'vitest';
import { compileWatchedWords, patternSource, screenText, type WatchedWordRule } from './watched-words.ts';

const rule = (pattern: string, action: WatchedWordRule['action'] = 'block', extra: Partial<WatchedWordRule> = {}): WatchedWordRule => ({
  pattern, action, replacement: null, rule: `Rule for ${pattern}`, appliesToMods: false, ...extra,
});

const matches = (pattern: string, text: string) => screenText([compileWatchedWords([rule(pattern)])], { body: text }, false).block !== null;

describe('watched words match', () => {
  it('whole words, case-insensitively', () => {
    expect(matches('spam', 'This is SPAM.')).toBe(true);
    expect(matches('spam', 'antispam measures')).toBe(false);
    expect(matches('ass', 'a class act')).toBe(false);
    expect(matches('ass', 'what an ass!')).toBe(true);
  });

  it('with * standing for any run of letters and digits', () => {
    expect(matches('spam*', 'Spammers everywhere')).toBe(true);
    expect(matches('spam*', 'spam')).toBe(true);
    expect(matches('*coin', 'buy Bitcoin now')).toBe(true);
    expect(matches('*coin', 'coins')).toBe(false);
    expect(matches('f*k', 'what the fork')).toBe(true);
    expect(matches('f*k', 'fk')).toBe(true);
  });

  it('phrases across any spacing, and punctuation as written', () => {
    expect(matches('buy now', 'Buy\n  NOW!')).toBe(true);
    expect(matches('buy now', 'buynow')).toBe(false);
    expect(matches('c++', 'I write C++ daily')).toBe(true);
    expect(matches('example.com', 'see https://www.example.com/x')).toBe(true);
    expect(matches('example.com', 'see exampleXcom')).toBe(false);
  });

  it('with Unicode case folding and composed and decomposed letters alike', () => {
    expect(matches('ÉCOLE', 'une école')).toBe(true);
    expect(matches('école', 'une e\u0301cole')).toBe(true);
    expect(matches('σοφία', 'ΣΟΦΊΑ')).toBe(true);
    expect(matches('λόγος', 'ΛΌΓΟΣ')).toBe(true);
    expect(matches('straße', 'STRASSE')).toBe(false);
    expect(matches('日本', '日本語')).toBe(false);
  });

  it('escapes what regular expressions would read', () => {
    expect(patternSource('a.b')).not.toContain('a.b');
    expect(matches('(x)', 'say (x) now')).toBe(true);
    expect(matches('a|b', 'a')).toBe(false);
  });
});

describe('screening a text', () => {
  const lists = [
    compileWatchedWords([
      rule('darn', 'replace', { replacement: 'd**n' }),
      rule('promo*', 'report'),
      rule('crypto', 'hold'),
      rule('slur', 'block', { appliesToMods: true }),
    ]),
  ];

  it('names the first rule of each action, block over hold over report', () => {
    const verdict = screenText(lists, { title: 'promo crypto', body: 'slur' }, false);
    expect(verdict.block?.pattern).toBe('slur');
    expect(verdict.hold?.pattern).toBe('crypto');
    expect(verdict.report?.pattern).toBe('promo*');
  });

  it('replaces in the title and body, then screens what is left', () => {
    const verdict = screenText(lists, { title: 'Darn it', body: 'darn, DARN' }, false);
    expect(verdict).toMatchObject({ title: 'd**n it', body: 'd**n, d**n', block: null, hold: null, report: null });
    expect(verdict.replaced.map((r) => r.pattern)).toEqual(['darn']);
  });

  it('looks at link addresses and alt texts without rewriting them', () => {
    const verdict = screenText(lists, { title: 'A link', other: ['https://crypto.example/x', 'darn'] }, false);
    expect(verdict.hold?.pattern).toBe('crypto');
    expect(verdict.replaced).toEqual([]);
  });

  it('spares moderators unless the rule says otherwise', () => {
    const verdict = screenText(lists, { body: 'crypto slur darn' }, true);
    expect(verdict).toMatchObject({ hold: null, body: 'crypto slur darn' });
    expect(verdict.block?.pattern).toBe('slur');
  });

  it('ignores patterns of only wildcards and spaces', () => {
    expect(compileWatchedWords([rule('* *')]).rules).toEqual([]);
  });

  it('matches nothing with no rules', () => {
    expect(screenText([compileWatchedWords([])], { body: 'anything' }, false)).toMatchObject({ block: null, hold: null, report: null, body: 'anything' });
  });
});
