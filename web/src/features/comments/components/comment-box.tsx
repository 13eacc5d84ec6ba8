import { commentBody } from '@quorum/shared/schemas/comments';
import type { UserGroup } from '@quorum/shared/entities/users';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import * as v from 'valibot';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { paths } from '../../../config/paths.ts';
import type { DraftPlace } from '../../../lib/drafts/drafts-db.ts';
import { useDraft } from '../../../lib/drafts/use-draft.ts';
import './comments.css';

const GROUP_NAMES: Record<UserGroup, string> = { normal: 'Yourself', mods: 'Moderator', admins: 'Admin' };

interface CommentBoxProps {
  /** The accessible name of the text box. */
  label: string;
  placeholder?: string;
  initialBody?: string;
  submitLabel: string;
  /** Groups the writer may speak as besides themself; a picker shows when there are any. */
  staffGroups?: UserGroup[];
  autoFocus?: boolean;
  pending: boolean;
  /** A refusal from the server, shown under the box. */
  serverError?: string | null;
  onSubmit: (body: string, group: UserGroup, done: () => void) => void;
  onCancel?: () => void;
  /** Keeps what is typed as this box's draft on the device until it is sent or thrown away (see useDraft). */
  draft?: DraftPlace;
}

const isBlank = (body: string) => body.trim() === '';

/** Scrolls the box into view as a whole, its scroll margins (comments.css) keeping it clear of the bars. */
function reveal(form: HTMLFormElement | null): void {
  form?.scrollIntoView({ block: 'nearest' });
}

/**
 * A markdown text box for a comment, a reply or an edit. Ctrl/Cmd+Enter sends it, Escape cancels
 * a reply or an edit, asking first when that would throw away words; an empty message is refused
 * before it is sent. While it has the focus, the whole box (text and buttons) is kept in view
 * between the navbar and the phone's tab bar, also when the on-screen keyboard comes up.
 */
export function CommentBox({
  label, placeholder, initialBody = '', submitLabel, staffGroups = [], autoFocus = false, pending, serverError, onSubmit, onCancel, draft: place,
}: CommentBoxProps) {
  const [body, setBody] = useState(initialBody);
  // A draft kept from before fills the box, unless something is typed in it already.
  const restore = useCallback((saved: string) => setBody((current) => (current === '' ? saved : current)), []);
  const draft = useDraft(place, restore, isBlank);
  const [group, setGroup] = useState<UserGroup>('normal');
  const [error, setError] = useState<string | null>(null);
  const [askingToDiscard, setAskingToDiscard] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const errorId = useId();
  const groupId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const shownError = error ?? serverError ?? null;

  // A reply or an edit opens to be written in at once; its focus alone need not bring the buttons into view.
  useEffect(() => {
    if (autoFocus) reveal(formRef.current);
  }, [autoFocus]);

  // The on-screen keyboard shrinks the visual viewport after the focus has come.
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const onResize = () => {
      if (document.activeElement === inputRef.current) reveal(formRef.current);
    };
    viewport.addEventListener('resize', onResize);
    return () => viewport.removeEventListener('resize', onResize);
  }, []);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (pending) return;
    const parsed = v.safeParse(commentBody, body);
    if (!parsed.success) {
      setError(parsed.issues[0].message);
      return;
    }
    setError(null);
    onSubmit(parsed.output, group, () => {
      setBody('');
      setGroup('normal');
      draft.clear();
    });
  };

  // Cancelled once the question has closed: while it is open the rest of the page cannot take focus.
  useEffect(() => {
    if (discarding) onCancel?.();
  }, [discarding, onCancel]);

  const discard = () => {
    draft.clear();
    setAskingToDiscard(false);
    setDiscarding(true);
  };

  const cancel = () => {
    if (!onCancel) return;
    if (body.trim() !== '' && body !== initialBody) setAskingToDiscard(true);
    else onCancel();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      cancel();
    }
  };

  return (
    <form ref={formRef} className="comment-box" onSubmit={submit} noValidate>
      <textarea
        ref={inputRef}
        className="comment-box__input"
        aria-label={label}
        placeholder={placeholder}
        value={body}
        onChange={(event) => {
          setBody(event.target.value);
          draft.save(event.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => reveal(formRef.current)}
        autoFocus={autoFocus}
        rows={3}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? errorId : undefined}
        readOnly={pending}
      />
      {shownError && (
        <p id={errorId} className="field__error comment-box__error" role="alert">
          {shownError}
        </p>
      )}
      <div className="comment-box__bar">
        <Link className="comment-box__help" to={paths.markdownGuide.getHref()} target="_blank">
          Markdown
        </Link>
        {staffGroups.length > 0 && (
          <span className="comment-box__group">
            <label htmlFor={groupId}>As</label>
            <select id={groupId} className="select comment-box__select" value={group} onChange={(event) => setGroup(event.target.value as UserGroup)}>
              {(['normal', ...staffGroups] as const).map((item) => (
                <option key={item} value={item}>
                  {GROUP_NAMES[item]}
                </option>
              ))}
            </select>
          </span>
        )}
        <span className="comment-box__buttons">
          {onCancel && (
            <button type="button" className="button button--ghost button--small" onClick={cancel}>
              Cancel
            </button>
          )}
          <button type="submit" className="button button--primary button--small" disabled={pending} aria-busy={pending || undefined}>
            {submitLabel}
          </button>
        </span>
      </div>
      <ConfirmDialog
        open={askingToDiscard}
        title="Discard what you wrote?"
        confirmLabel="Discard"
        cancelLabel="Keep writing"
        danger
        onConfirm={discard}
        onClose={() => setAskingToDiscard(false)}
      />
    </form>
  );
}
