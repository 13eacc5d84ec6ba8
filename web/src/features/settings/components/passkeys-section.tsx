import { ApiError } from '@quorum/client/api-error';
import type { Passkey } from '@quorum/shared/entities/passkeys';
import { PASSKEY_NAME_MAX } from '@quorum/shared/constants';
import { passkeyName } from '@quorum/shared/schemas/passkeys';
import { firstIssueMessage } from '@quorum/shared/validation';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useRecentCheck } from '../../../components/confirm-identity/use-recent-check.ts';
import { LoadFailed } from '../../../components/errors/load-failed.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TimeAgo } from '../../../components/ui/time-ago.tsx';
import { isUnavailableOffline } from '../../../lib/offline.ts';
import { passkeyErrorMessage, passkeysOptions, usePasskeysSupported } from '../../../lib/passkeys.ts';
import { isReauthRequired } from '../../../lib/session/recent-check.ts';
import { useAddPasskey, useRemovePasskey, useRenamePasskey } from '../api/passkeys.ts';
import './device-list.css';
import './passkeys-section.css';

interface RenameFormProps {
  passkey: Passkey;
  /** Called once the form closes: `renamed` false when it was cancelled. */
  onClose: (renamed: boolean) => void;
}

/** The passkey's name in an input, in place of its row, with Save and Cancel (Escape cancels too). */
function RenameForm({ passkey, onClose }: RenameFormProps) {
  const rename = useRenamePasskey();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = firstIssueMessage(passkeyName, name);
    if (problem) {
      setError(problem);
      inputRef.current?.focus();
      return;
    }
    if (name.trim() === passkey.name) {
      onClose(false);
      return;
    }
    rename.mutate(
      { id: passkey.id, name: name.trim() },
      {
        onSuccess: () => onClose(true),
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 400) setError(failure.message);
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose(false);
  };

  return (
    <form className="passkey-rename" onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate>
      <TextField
        ref={inputRef}
        label="Passkey name"
        name="passkey-name"
        autoComplete="off"
        maxLength={PASSKEY_NAME_MAX}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setError(null);
        }}
        error={error}
      />
      <div className="passkey-rename__actions">
        <button type="button" className="button button--ghost button--small" onClick={() => onClose(false)}>
          Cancel
        </button>
        <button type="submit" className="button button--primary button--small" disabled={rename.isPending} aria-busy={rename.isPending}>
          {rename.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}

interface PasskeyRowProps {
  passkey: Passkey;
  removing: boolean;
  onRemove: () => void;
}

function PasskeyRow({ passkey, removing, onRemove }: PasskeyRowProps) {
  const nameId = useId();
  const [editing, setEditing] = useState(false);
  // Back from the form, the focus returns to Rename, which the form replaced.
  const returnFocus = useRef(false);
  const renameRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    renameRef.current?.focus();
  }, [editing]);

  if (editing) {
    return (
      <li className="device-row passkey-row--editing">
        <RenameForm
          passkey={passkey}
          onClose={() => {
            returnFocus.current = true;
            setEditing(false);
          }}
        />
      </li>
    );
  }

  return (
    <li className="device-row">
      <div className="device-row__main">
        <p className="device-row__name">
          <span id={nameId}>{passkey.name}</span>
          {passkey.backedUp && (
            <span className="device-row__badge" title="Synced to your other devices by your password manager or system">
              Synced
            </span>
          )}
        </p>
        <p className="device-row__times">
          Added <TimeAgo date={passkey.createdAt} /> ·{' '}
          {passkey.lastUsedAt ? <>last used <TimeAgo date={passkey.lastUsedAt} /></> : 'never used'}
        </p>
      </div>
      <div className="device-row__actions">
        <button ref={renameRef} type="button" className="button button--small" aria-describedby={nameId} onClick={() => setEditing(true)}>
          Rename
        </button>
        <button type="button" className="button button--small" aria-describedby={nameId} onClick={onRemove} disabled={removing} aria-busy={removing}>
          {removing ? 'Removing…' : 'Remove'}
        </button>
      </div>
    </li>
  );
}

/** Two grey rows of the rows' size while the list loads. */
function PasskeysSkeleton() {
  return (
    <div className="device-list" role="status" aria-label="Loading passkeys">
      {[0, 1].map((row) => (
        <div key={row} className="device-row">
          <div className="device-row__main">
            <Skeleton width="40%" height={22} />
            <Skeleton width="65%" height={18} />
          </div>
        </div>
      ))}
    </div>
  );
}

type Outcome = { kind: 'note' | 'error'; text: string } | null;

/**
 * The member's passkeys: each with its name, when it was added and last used, and whether its
 * provider syncs it; renamed in place, removed after a confirmation. Adding or removing one needs a
 * recent identity check, asked for when the server wants it.
 */
export function PasskeysSection() {
  const supported = usePasskeysSupported();
  const query = useQuery(passkeysOptions());
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const runChecked = useRecentCheck();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [confirming, setConfirming] = useState<Passkey | null>(null);
  const passkeys = query.data?.passkeys;

  // A removed row takes its button with it: the focus goes to the section's title.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [focusRequests, setFocusRequests] = useState(0);
  useEffect(() => {
    if (focusRequests > 0) titleRef.current?.focus();
  }, [focusRequests]);

  const onAdd = async () => {
    setOutcome(null);
    try {
      const added = await runChecked(() => add.mutateAsync({}));
      setOutcome(
        added
          ? { kind: 'note', text: `Passkey added as “${added.name}”. Rename it if you like.` }
          : { kind: 'note', text: 'No passkey was added.' },
      );
    } catch (error) {
      setOutcome(isReauthRequired(error) ? { kind: 'note', text: 'No passkey was added.' } : { kind: 'error', text: passkeyErrorMessage(error) });
    }
  };

  const onConfirmRemove = async () => {
    const passkey = confirming;
    if (!passkey) return;
    setConfirming(null);
    setOutcome(null);
    try {
      await runChecked(() => remove.mutateAsync({ id: passkey.id }));
      setOutcome({ kind: 'note', text: `Removed “${passkey.name}”.` });
      setFocusRequests((count) => count + 1);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setFocusRequests((count) => count + 1);
    }
  };

  return (
    <section className="card settings-section" aria-labelledby="settings-passkeys">
      <h2 id="settings-passkeys" ref={titleRef} tabIndex={-1} className="settings-section__title">
        Passkeys
      </h2>
      <p className="settings-section__note">Sign in with a passkey instead of your username and password.</p>
      {passkeys ? (
        passkeys.length > 0 ? (
          <ul className="device-list" aria-label="Passkeys">
            {passkeys.map((passkey) => (
              <PasskeyRow
                key={passkey.id}
                passkey={passkey}
                removing={remove.isPending && remove.variables.id === passkey.id}
                onRemove={() => setConfirming(passkey)}
              />
            ))}
          </ul>
        ) : (
          <p className="device-list__status muted">
            No passkeys yet: a passkey lets your device or password manager sign you in once you unlock it with your fingerprint, face or screen lock.
          </p>
        )
      ) : isUnavailableOffline(query) ? (
        <p className="device-list__status muted">Your passkeys will load when you're back online.</p>
      ) : query.isError ? (
        <LoadFailed query={query} variant="compact" className="device-list__status" />
      ) : (
        <PasskeysSkeleton />
      )}
      <div className="passkey-list__footer">
        {outcome?.kind === 'error' ? (
          <FormError message={outcome.text} />
        ) : (
          <p className="passkey-list__outcome muted" role="status">
            {outcome?.text}
          </p>
        )}
        <div className="settings-section__actions device-list__actions">
          {supported ? (
            <button type="button" className="button" onClick={() => void onAdd()} disabled={add.isPending} aria-busy={add.isPending}>
              {add.isPending ? 'Adding…' : 'Add a passkey'}
            </button>
          ) : (
            <p className="muted">This browser can't create passkeys. You can still rename and remove the ones you have.</p>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title="Remove this passkey?"
        description={`You will no longer be able to sign in with “${confirming?.name ?? ''}”. Delete it from your device or password manager too, so that it is not offered again.`}
        confirmLabel="Remove"
        danger
        onClose={() => setConfirming(null)}
        onConfirm={() => void onConfirmRemove()}
      />
    </section>
  );
}
