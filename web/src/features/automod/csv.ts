// Watched words as CSV, for moderators who keep their lists in a spreadsheet. One row per word
// under a fixed header; each row is checked with the same schema the API uses.
import type { WatchedWord } from '@quorum/shared/entities/automod';
import { watchedWord } from '@quorum/shared/schemas/automod';
import { WATCHED_WORD_ACTIONS } from '@quorum/shared/constants';
import Papa from 'papaparse';
import * as v from 'valibot';

export const CSV_COLUMNS = ['pattern', 'action', 'replacement', 'rule', 'applies_to_mods'] as const;
export const CSV_FILE_NAME = 'watched-words.csv';

// A spreadsheet runs a cell that starts with one of these as a formula; the leading apostrophe
// makes it text (and spreadsheets drop it again when they save the file as CSV).
const FORMULA_START = /^[=+\-@\t\r]/;

function escapeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function unescapeFormula(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** The list as CSV text, header first; `replacement` is empty for words that don't replace. */
export function watchedWordsToCsv(words: readonly WatchedWord[]): string {
  return Papa.unparse(
    {
      fields: [...CSV_COLUMNS],
      data: words.map((word) => [
        escapeFormula(word.pattern),
        word.action,
        escapeFormula(word.replacement ?? ''),
        escapeFormula(word.rule),
        word.appliesToMods ? 'true' : 'false',
      ]),
    },
    { newline: '\r\n' },
  );
}

const TRUE_WORDS = new Set(['true', 'yes', '1']);
const FALSE_WORDS = new Set(['false', 'no', '0', '']);

const PARSE_ERRORS: Record<string, string> = {
  MissingQuotes: 'A quoted field is never closed.',
  InvalidQuotes: 'A quote inside a quoted field must be doubled ("").',
};

export type CsvImport = { ok: true; words: WatchedWord[] } | { ok: false; errors: string[] };

/** The reason one row (cells in header order) is refused, or the watched word it holds. */
function readRow(cells: string[]): { word: WatchedWord } | { error: string } {
  if (cells.length !== CSV_COLUMNS.length) return { error: `Expected ${CSV_COLUMNS.length} columns, found ${cells.length}.` };
  const [pattern = '', actionCell = '', replacement = '', rule = '', appliesCell = ''] = cells.map(unescapeFormula);
  const action = actionCell.trim().toLowerCase();
  if (!(WATCHED_WORD_ACTIONS as readonly string[]).includes(action)) {
    return { error: `Unknown action "${actionCell.trim()}" (use ${WATCHED_WORD_ACTIONS.join(', ')}).` };
  }
  const applies = appliesCell.trim().toLowerCase();
  if (!TRUE_WORDS.has(applies) && !FALSE_WORDS.has(applies)) return { error: 'applies_to_mods must be true or false.' };
  const parsed = v.safeParse(watchedWord, {
    pattern,
    action,
    // An empty cell of a replace rule replaces the word with nothing.
    replacement: action === 'replace' ? replacement : null,
    rule,
    appliesToMods: TRUE_WORDS.has(applies),
  });
  return parsed.success ? { word: parsed.output } : { error: parsed.issues[0].message };
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/**
 * The watched words of a CSV file, or what is wrong with it: a wrong header alone, else one
 * message per bad row. Rows are numbered as a spreadsheet shows them (the header is row 1).
 * Commas, semicolons and tabs are understood as separators, for spreadsheets set up either way.
 */
export function parseWatchedWordsCsv(text: string): CsvImport {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimitersToGuess: [',', ';', '\t'], skipEmptyLines: false });
  const rows = result.data;
  const headerIndex = rows.findIndex((cells) => !isBlank(cells));
  const header = rows[headerIndex];
  if (!header) return { ok: false, errors: ['The file is empty.'] };
  if (header.map((cell) => cell.trim().toLowerCase()).join(',') !== CSV_COLUMNS.join(',')) {
    return { ok: false, errors: [`The first row must be the header ${CSV_COLUMNS.join(',')}.`] };
  }

  const rowErrors = new Map<number, string>();
  for (const error of result.errors) {
    const message = PARSE_ERRORS[error.code];
    if (message && error.row !== undefined && !rowErrors.has(error.row)) rowErrors.set(error.row, message);
  }
  const words: WatchedWord[] = [];
  const errors: string[] = [];
  rows.forEach((cells, index) => {
    if (index <= headerIndex) return;
    const parseError = rowErrors.get(index);
    if (parseError === undefined && isBlank(cells)) return;
    const read = parseError === undefined ? readRow(cells) : { error: parseError };
    if ('error' in read) errors.push(`Row ${index + 1}: ${read.error}`);
    else words.push(read.word);
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, words };
}
