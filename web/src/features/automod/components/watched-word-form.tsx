import { WATCHED_WORD_ACTIONS, WATCHED_WORD_PATTERN_MAX, WATCHED_WORD_REPLACEMENT_MAX, WATCHED_WORD_RULE_MAX } from '@quorum/shared/constants';
import type { WatchedWord } from '@quorum/shared/entities/automod';
import { watchedWord } from '@quorum/shared/schemas/automod';
import { fieldErrors } from '@quorum/shared/validation';
import type { WatchedWordAction } from '@quorum/shared/watched-words';
import { useId, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { ModalFormActions } from '../../../components/ui/modal.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ACTION_TEXT } from '../actions.ts';

type Field = 'pattern' | 'action' | 'replacement' | 'rule';

interface WatchedWordFormProps {
  /** The word being edited, or null for a new one. */
  word: WatchedWord | null;
  onSave: (word: WatchedWord) => void;
  onCancel: () => void;
}

/** The fields of one watched word, checked with the API's schema before it joins the (unsaved) list. */
export function WatchedWordForm({ word, onSave, onCancel }: WatchedWordFormProps) {
  const [pattern, setPattern] = useState(word?.pattern ?? '');
  const [action, setAction] = useState<WatchedWordAction>(word?.action ?? 'hold');
  const [replacement, setReplacement] = useState(word?.replacement ?? '');
  const [rule, setRule] = useState(word?.rule ?? '');
  const [appliesToMods, setAppliesToMods] = useState(word?.appliesToMods ?? false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | HTMLSelectElement | null>>>({});
  const actionId = useId();

  const clear = (field: Field) => setErrors((current) => ({ ...current, [field]: undefined }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { pattern, action, replacement: action === 'replace' ? replacement : null, rule, appliesToMods };
    const parsed = v.safeParse(watchedWord, input);
    if (parsed.success) {
      onSave(parsed.output);
      return;
    }
    const found = fieldErrors(watchedWord, input);
    // The check that a replace rule has a replacement belongs to the whole word.
    const next: Partial<Record<Field, string>> = { pattern: found.pattern, action: found.action, replacement: found.replacement ?? found[''], rule: found.rule };
    setErrors(next);
    const first = (['pattern', 'action', 'replacement', 'rule'] as const).find((field) => next[field]);
    if (first) inputs.current[first]?.focus();
  };

  return (
    <form className="form automod-word-form" onSubmit={onSubmit} noValidate>
      <TextField
        ref={(element) => {
          inputs.current.pattern = element;
        }}
        label="Word or phrase"
        value={pattern}
        onChange={(event) => {
          setPattern(event.target.value);
          clear('pattern');
        }}
        maxLength={WATCHED_WORD_PATTERN_MAX}
        error={errors.pattern}
        hint="Not case-sensitive, matched as whole words. * stands for any letters or digits: spam* matches spam, spammer and spamming."
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        autoFocusOnOpen
      />
      <div className="field" data-invalid={errors.action ? true : undefined}>
        <label className="field__label" htmlFor={actionId}>
          Action
        </label>
        <select
          ref={(element) => {
            inputs.current.action = element;
          }}
          id={actionId}
          className="select automod-word-form__select"
          value={action}
          onChange={(event) => {
            setAction(event.target.value as WatchedWordAction);
            clear('action');
            clear('replacement');
          }}
          aria-describedby={`${actionId}-hint`}
          aria-invalid={errors.action ? true : undefined}
        >
          {WATCHED_WORD_ACTIONS.map((value) => (
            <option key={value} value={value}>
              {ACTION_TEXT[value].label}
            </option>
          ))}
        </select>
        {errors.action && <p className="field__error">{errors.action}</p>}
        <p id={`${actionId}-hint`} className="field__hint">
          {ACTION_TEXT[action].description}
        </p>
      </div>
      {action === 'replace' && (
        <TextField
          ref={(element) => {
            inputs.current.replacement = element;
          }}
          label="Replacement"
          value={replacement}
          onChange={(event) => {
            setReplacement(event.target.value);
            clear('replacement');
          }}
          maxLength={WATCHED_WORD_REPLACEMENT_MAX}
          error={errors.replacement}
          hint="Leave it empty to remove the words."
          autoComplete="off"
        />
      )}
      <TextField
        ref={(element) => {
          inputs.current.rule = element;
        }}
        label="Rule"
        value={rule}
        onChange={(event) => {
          setRule(event.target.value);
          clear('rule');
        }}
        maxLength={WATCHED_WORD_RULE_MAX}
        error={errors.rule}
        hint="What people are told, e.g. “No spam”."
        autoComplete="off"
      />
      <label className="checkbox-row">
        <input type="checkbox" checked={appliesToMods} onChange={(event) => setAppliesToMods(event.target.checked)} />
        Applies to moderators and admins too
      </label>
      <ModalFormActions onCancel={onCancel} submitLabel={word ? 'Update' : 'Add'} busy={false} />
    </form>
  );
}
