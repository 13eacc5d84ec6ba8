import type { WatchedWord } from '@quorum/shared/entities/automod';
import { Messages } from '@quorum/shared/errors';
import { describe, expect, it } from 'vitest';
import { parseWatchedWordsCsv, watchedWordsToCsv } from './csv.ts';

const HEADER = 'pattern,action,replacement,rule,applies_to_mods';

const word = (overrides: Partial<WatchedWord> = {}): WatchedWord => ({
  pattern: 'spam*',
  action: 'hold',
  replacement: null,
  rule: 'No spam',
  appliesToMods: false,
  ...overrides,
});

describe('watchedWordsToCsv', () => {
  it('writes the header and one row per word, replacement empty unless the word replaces', () => {
    const csv = watchedWordsToCsv([word(), word({ pattern: 'darn', action: 'replace', replacement: 'd**n', rule: 'Keep it clean', appliesToMods: true })]);
    expect(csv).toBe(`${HEADER}\r\nspam*,hold,,No spam,false\r\ndarn,replace,d**n,Keep it clean,true`);
  });

  it('quotes fields with commas, quotes and line breaks', () => {
    const csv = watchedWordsToCsv([word({ pattern: 'buy now', rule: 'No ads, no "deals"\nat all' })]);
    expect(csv).toBe(`${HEADER}\r\nbuy now,hold,,"No ads, no ""deals""\nat all",false`);
  });

  it('keeps a spreadsheet from running a field as a formula', () => {
    const csv = watchedWordsToCsv([word({ pattern: 'x', rule: '=HYPERLINK("http://evil")' })]);
    expect(csv).toContain(`'=HYPERLINK(""http://evil"")`);
  });

  it('is read back as the same list', () => {
    const words = [
      word(),
      word({ pattern: 'free  money', action: 'block', rule: 'No scams, "ever"', appliesToMods: true }),
      word({ pattern: 'darn', action: 'replace', replacement: ' d**n ', rule: 'Line one\r\nline two' }),
      word({ pattern: 'gone', action: 'replace', replacement: '', rule: '-- removed --' }),
      word({ pattern: 'ads', action: 'report', rule: '@mods look' }),
    ];
    // The pattern's inner spacing is kept as written; the schema trims only the ends.
    expect(parseWatchedWordsCsv(watchedWordsToCsv(words))).toEqual({ ok: true, words });
  });
});

describe('parseWatchedWordsCsv', () => {
  it('reads quoted commas, doubled quotes and line breaks inside fields', () => {
    const text = `${HEADER}\n"spam, eggs",hold,,"Say ""no""\nto spam",false\n`;
    expect(parseWatchedWordsCsv(text)).toEqual({ ok: true, words: [word({ pattern: 'spam, eggs', rule: 'Say "no"\nto spam' })] });
  });

  it('accepts a byte order mark, header case, blank lines, Windows line ends and semicolons', () => {
    expect(parseWatchedWordsCsv(`\uFEFFPattern,Action,Replacement,Rule,Applies_To_Mods\r\n\r\nspam*,HOLD,,No spam,\r\n`)).toEqual({ ok: true, words: [word()] });
    expect(parseWatchedWordsCsv('pattern;action;replacement;rule;applies_to_mods\nspam*;hold;;No spam;false\n')).toEqual({ ok: true, words: [word()] });
  });

  it('reads true/false, yes/no, 1/0 and an empty cell (false) in applies_to_mods', () => {
    const text = [HEADER, 'a,hold,,R,TRUE', 'b,hold,,R,yes', 'c,hold,,R,1', 'd,hold,,R,False', 'e,hold,,R,no', 'f,hold,,R,0', 'g,hold,,R,'].join('\n');
    const result = parseWatchedWordsCsv(text);
    expect(result.ok && result.words.map((w) => w.appliesToMods)).toEqual([true, true, true, false, false, false, false]);
    expect(parseWatchedWordsCsv(`${HEADER}\nspam,hold,,No spam,maybe`)).toEqual({ ok: false, errors: ['Row 2: applies_to_mods must be true or false.'] });
  });

  it('drops the replacement of a word that does not replace', () => {
    expect(parseWatchedWordsCsv(`${HEADER}\nspam*,hold,ignored,No spam,false`)).toEqual({ ok: true, words: [word()] });
  });

  it('refuses a file without the header', () => {
    const wrongHeader = { ok: false, errors: [`The first row must be the header ${HEADER}.`] };
    expect(parseWatchedWordsCsv('spam*,hold,,No spam,false\n')).toEqual(wrongHeader);
    expect(parseWatchedWordsCsv('pattern,action,rule\nspam*,hold,No spam\n')).toEqual(wrongHeader);
    expect(parseWatchedWordsCsv('')).toEqual({ ok: false, errors: ['The file is empty.'] });
    expect(parseWatchedWordsCsv('\n\n')).toEqual({ ok: false, errors: ['The file is empty.'] });
  });

  it('names every bad row, numbered as a spreadsheet shows them', () => {
    const text = [
      HEADER,
      'spam*,hold,,No spam,false',
      'ok,hold,,,false',
      '*,block,,Stars,false',
      'x,delete,,Nope,false',
      'too,few,columns',
      'darn,replace,,"Keep it\nclean",false',
      'long,hold,,' + 'r'.repeat(101) + ',false',
    ].join('\n');
    expect(parseWatchedWordsCsv(text)).toEqual({
      ok: false,
      errors: [
        'Row 3: A rule is required.',
        `Row 4: ${Messages.invalidWatchedWord}`,
        'Row 5: Unknown action "delete" (use block, hold, report, replace).',
        'Row 6: Expected 5 columns, found 3.',
        'Row 8: A rule has to be at most 100 characters.',
      ],
    });
  });

  it('names a row whose quoted field is never closed', () => {
    const result = parseWatchedWordsCsv(`${HEADER}\nspam*,hold,,No spam,false\nham,hold,,"Unclosed,false\n`);
    expect(result).toEqual({ ok: false, errors: ['Row 3: A quoted field is never closed.'] });
  });
});
