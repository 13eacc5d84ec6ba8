import { WATCHED_WORDS_MAX } from '@quorum/shared/constants';
import type { WatchedWord } from '@quorum/shared/entities/automod';
import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../../../components/ui/icon.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ACTION_TEXT } from '../actions.ts';
import { CsvButtons, type ImportMode } from './csv-buttons.tsx';
import { WatchedWordForm } from './watched-word-form.tsx';
import { WatchedWordsTestBox } from './watched-words-test-box.tsx';
import '../automod.css';

const EMPTY_TEXT = {
  community: 'posts and comments in this community',
  site: 'posts and comments anywhere on the site',
} as const;

interface WatchedWordsEditorProps {
  /** The list as edited so far (unsaved changes included). */
  words: readonly WatchedWord[];
  onChange: (words: WatchedWord[]) => void;
  /** What the last Save found wrong with the list as a whole. */
  error?: string | null;
  /** Whose posts the list screens, for the empty state's text. */
  scope: keyof typeof EMPTY_TEXT;
}

function WordRow({ word, onEdit, onRemove }: { word: WatchedWord; onEdit: () => void; onRemove: () => void }) {
  return (
    <li className="automod-word">
      <div className="automod-word__main">
        <code className="automod-word__pattern">{word.pattern}</code>
        <div className="automod-word__meta">
          <span className={`automod-action automod-action--${word.action}`}>{ACTION_TEXT[word.action].label}</span>
          {word.action === 'replace' && (
            <span className="automod-word__replacement">{word.replacement ? `with “${word.replacement}”` : 'with nothing (removed)'}</span>
          )}
          {word.appliesToMods && <span className="automod-word__mods">Applies to mods too</span>}
        </div>
        <p className="automod-word__rule">
          <span className="automod-word__label">Rule:</span> {word.rule}
        </p>
      </div>
      <div className="automod-word__buttons">
        <button type="button" className="button button--small" onClick={onEdit} aria-label={`Edit ${word.pattern}`} data-edit-word>
          Edit
        </button>
        <button type="button" className="button button--small" onClick={onRemove} aria-label={`Remove ${word.pattern}`}>
          Remove
        </button>
      </div>
    </li>
  );
}

/**
 * The list of watched words of a community or of the site: add, edit and remove words, import
 * and export them as CSV, and try a sample text against them. Every change stays here, unsaved,
 * until the page's Save sends the whole list.
 */
export function WatchedWordsEditor({ words, onChange, error = null, scope }: WatchedWordsEditorProps) {
  // The index of the word being edited, 'new' for one being added.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const focusAfterRemove = useRef<number | null>(null);
  const headingId = useId();
  const full = words.length >= WATCHED_WORDS_MAX;

  // A removed word's buttons are gone: the focus goes to the next word's, or to Add.
  useEffect(() => {
    const index = focusAfterRemove.current;
    if (index === null) return;
    focusAfterRemove.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('[data-edit-word]');
    (buttons?.[Math.min(index, buttons.length - 1)] ?? addRef.current)?.focus();
  }, [words]);

  const saveWord = (word: WatchedWord) => {
    if (editing === 'new') onChange([...words, word]);
    else if (editing !== null) onChange(words.map((current, index) => (index === editing ? word : current)));
    setEditing(null);
  };

  const removeWord = (index: number) => {
    focusAfterRemove.current = index;
    onChange(words.filter((_, other) => other !== index));
  };

  const onImport = (imported: WatchedWord[], mode: ImportMode) => onChange(mode === 'replace' ? imported : [...words, ...imported]);

  return (
    <>
      <section className="card automod-words" aria-labelledby={headingId}>
        <div className="automod-words__head">
          <h3 id={headingId} className="automod-section__title">
            Words and phrases
          </h3>
          <p className="automod-words__count">
            {words.length} / {WATCHED_WORDS_MAX} watched words
          </p>
        </div>
        <div className="automod-toolbar">
          <button ref={addRef} type="button" className="button button--primary button--small" onClick={() => setEditing('new')} disabled={full}>
            <Icon name="plus" size={16} />
            Add word
          </button>
          <CsvButtons words={words} onImport={onImport} />
        </div>
        {full && <p className="field__hint">The list is full: remove a word to add another.</p>}
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        {words.length === 0 ? (
          <div className="automod-empty">
            <p className="automod-empty__title">No watched words yet.</p>
            <p>
              Add a word or phrase, and {EMPTY_TEXT[scope]} that contain it are blocked, held for approval, reported or have it replaced
              as they are written, before anyone has to report them. Each word names the rule people are told about. Moderators are
              exempt unless a word says otherwise.
            </p>
          </div>
        ) : (
          <ul ref={listRef} className="automod-list" aria-label="Watched words">
            {words.map((word, index) => (
              <WordRow key={index} word={word} onEdit={() => setEditing(index)} onRemove={() => removeWord(index)} />
            ))}
          </ul>
        )}
      </section>
      <WatchedWordsTestBox words={words} />
      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add watched word' : 'Edit watched word'}
        description="Nothing is saved until you press Save."
        size="medium"
      >
        {editing !== null && (
          <WatchedWordForm word={editing === 'new' ? null : (words[editing] ?? null)} onSave={saveWord} onCancel={() => setEditing(null)} />
        )}
      </Modal>
    </>
  );
}
