import { WATCHED_WORDS_MAX } from '@quorum/shared/constants';
import type { WatchedWord } from '@quorum/shared/entities/automod';
import { useRef, useState, type ChangeEvent } from 'react';
import { Icon } from '../../../components/ui/icon.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { downloadTextFile } from '../../../lib/download.ts';

/** Far more than the longest list takes as CSV. */
const CSV_FILE_MAX_BYTES = 1024 * 1024;
/** Row errors listed at most; the rest are counted. */
const ERRORS_SHOWN = 10;
const LOAD_FAILED = "The CSV tools couldn't be loaded. Check your connection and try again.";

export type ImportMode = 'replace' | 'append';

const wordsText = (count: number) => `${count} watched ${count === 1 ? 'word' : 'words'}`;

// The CSV code and its parser are a chunk of their own, fetched the first time they are used.
const loadCsv = () => import('../csv.ts');

interface CsvButtonsProps {
  /** The list as edited now: what Export writes and what an import adds to. */
  words: readonly WatchedWord[];
  onImport: (words: WatchedWord[], mode: ImportMode) => void;
}

/**
 * Import CSV and Export CSV. An import reads the whole file first and takes nothing from it if a
 * row is wrong; then it replaces the list or adds to it, unsaved until Save.
 */
export function CsvButtons({ words, onImport }: CsvButtonsProps) {
  const alerts = useAlerts();
  const fileRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[] | null>(null);
  const [imported, setImported] = useState<WatchedWord[] | null>(null);

  const apply = (next: WatchedWord[], mode: ImportMode) => {
    setImported(null);
    onImport(next, mode);
    alerts.show(`${wordsText(next.length)} imported. Press Save to keep them.`);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Picking the same file again after fixing it must still be noticed.
    event.target.value = '';
    if (!file) return;
    setErrors(null);
    if (file.size > CSV_FILE_MAX_BYTES) {
      setErrors(['The file is too large for a list of watched words.']);
      return;
    }
    setBusy(true);
    try {
      let csv: Awaited<ReturnType<typeof loadCsv>>;
      try {
        csv = await loadCsv();
      } catch {
        setErrors([LOAD_FAILED]);
        return;
      }
      const result = csv.parseWatchedWordsCsv(await file.text());
      if (!result.ok) setErrors(result.errors);
      else if (result.words.length === 0) setErrors(['The file has no watched words under its header.']);
      else if (result.words.length > WATCHED_WORDS_MAX) setErrors([`A list holds at most ${WATCHED_WORDS_MAX} watched words; the file has ${result.words.length}.`]);
      else if (words.length === 0) apply(result.words, 'replace');
      else setImported(result.words);
    } catch {
      setErrors(["The file couldn't be read."]);
    } finally {
      setBusy(false);
    }
  };

  const onExport = async () => {
    setBusy(true);
    try {
      const csv = await loadCsv();
      downloadTextFile(csv.CSV_FILE_NAME, csv.watchedWordsToCsv(words), 'text/csv;charset=utf-8');
    } catch {
      alerts.show(LOAD_FAILED);
    } finally {
      setBusy(false);
    }
  };

  const canAppend = imported !== null && words.length + imported.length <= WATCHED_WORDS_MAX;
  const shownErrors = errors?.slice(0, ERRORS_SHOWN) ?? [];
  const moreErrors = (errors?.length ?? 0) - shownErrors.length;

  return (
    <>
      <button type="button" className="button button--small" onClick={() => fileRef.current?.click()} disabled={busy}>
        <Icon name="upload" size={16} />
        Import CSV
      </button>
      <input
        ref={fileRef}
        type="file"
        accept=".csv,text/csv"
        className="visually-hidden"
        tabIndex={-1}
        aria-label="CSV file to import"
        onChange={(event) => void onFile(event)}
      />
      <button type="button" className="button button--small" onClick={() => void onExport()} disabled={busy}>
        <Icon name="download" size={16} />
        Export CSV
      </button>
      {errors && (
        <div className="automod-import-errors" role="alert">
          <p className="automod-import-errors__title">The file was not imported:</p>
          <ul className="automod-import-errors__list">
            {shownErrors.map((message, index) => (
              <li key={index}>{message}</li>
            ))}
          </ul>
          {moreErrors > 0 && <p>…and {moreErrors} more.</p>}
          <p className="automod-import-errors__help">
            The first row must be <code>pattern,action,replacement,rule,applies_to_mods</code>. Export CSV gives a file to start from.
          </p>
          <button type="button" className="button button--small button--ghost" onClick={() => setErrors(null)}>
            Dismiss
          </button>
        </div>
      )}
      <Modal
        open={imported !== null}
        onClose={() => setImported(null)}
        title={`Import ${wordsText(imported?.length ?? 0)}`}
        description="Replace the list with them, or add them after the words already on it? Nothing is saved until you press Save."
      >
        {!canAppend && imported && (
          <p className="automod-import__note">
            Adding them would make {words.length + imported.length} watched words; a list holds at most {WATCHED_WORDS_MAX}.
          </p>
        )}
        <div className="modal__actions automod-import__actions">
          <button type="button" className="button button--ghost" onClick={() => setImported(null)} data-autofocus>
            Cancel
          </button>
          <button type="button" className="button" disabled={!canAppend} onClick={() => imported && apply(imported, 'append')}>
            Add to list
          </button>
          <button type="button" className="button button--primary" onClick={() => imported && apply(imported, 'replace')}>
            Replace list
          </button>
        </div>
      </Modal>
    </>
  );
}
