import { ApiError } from '@quorum/client/api-error';
import type { TwoStepSetup } from '@quorum/shared/entities/two-step';
import { codeBody } from '@quorum/shared/schemas/two-step';
import { firstIssueMessage } from '@quorum/shared/validation';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useRecentCheck } from '../../../components/confirm-identity/use-recent-check.ts';
import { LoadFailed } from '../../../components/errors/load-failed.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { PasswordForm } from '../../../components/ui/password-form.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { copyText } from '../../../lib/clipboard.ts';
import { downloadTextFile } from '../../../lib/download.ts';
import { isUnavailableOffline } from '../../../lib/offline.ts';
import { useSessionUser } from '../../../lib/session/get-initial.ts';
import { isReauthRequired } from '../../../lib/session/recent-check.ts';
import { useNewBackupCodes } from '../api/two-step-backup-codes.ts';
import { useDisableTwoStep } from '../api/two-step-disable.ts';
import { useEnableTwoStep, useSetUpTwoStep } from '../api/two-step-setup.ts';
import { twoStepOptions } from '../api/two-step-status.ts';
import './two-step-section.css';

/** Few enough backup codes left that the member is asked to make new ones. */
const FEW_BACKUP_CODES = 3;

/** What the section shows besides the state: a setup in progress, or backup codes just made (shown this once). */
type View = { kind: 'state' } | { kind: 'setup'; setup: TwoStepSetup } | { kind: 'codes'; codes: string[]; fresh: boolean };

/** The message of a refusal shown in the section, or null (a cancelled identity check, a failure the app shows itself). */
function refusalMessage(error: unknown): string | null {
  if (isReauthRequired(error) || !(error instanceof ApiError) || error.status >= 500 || error.status === 0) return null;
  return error.message;
}

/** Hands the browser the backup codes as a text file to keep. */
function downloadCodes(codes: string[], username: string) {
  const text = [
    `Quorum backup codes for @${username}`,
    'Each code works once, instead of a code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
  downloadTextFile(`quorum-backup-codes-${username}.txt`, text, 'text/plain;charset=utf-8');
}

/** A heading that takes the focus when it appears, so that a keyboard or screen reader follows the step that replaced the last one. */
function StepTitle({ children }: { children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h3 ref={ref} tabIndex={-1} className="two-step__step-title">
      {children}
    </h3>
  );
}

/** The secret in groups of four, as authenticator apps print it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function SetupStep({ setup, onEnabled, onCancel }: { setup: TwoStepSetup; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const alerts = useAlerts();
  const enable = useEnableTwoStep();
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ field: boolean; message: string } | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const fieldError = (submitted ? firstIssueMessage(codeBody, { code }) : null) ?? (serverError?.field ? serverError.message : null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (firstIssueMessage(codeBody, { code })) {
      codeRef.current?.focus();
      return;
    }
    enable.mutate(
      { code },
      {
        onSuccess: ({ backupCodes }) => {
          alerts.show('Two-step sign-in is on.');
          onEnabled(backupCodes);
        },
        onError: (error) => {
          const message = refusalMessage(error);
          if (message) setServerError({ field: error instanceof ApiError && error.status === 400, message });
          codeRef.current?.focus();
        },
      },
    );
  };

  const copyKey = async () => alerts.show((await copyText(setup.secret)) ? 'Key copied to clipboard.' : 'Failed to copy the key to clipboard.');

  return (
    <div className="two-step__step">
      <StepTitle>Set up your authenticator app</StepTitle>
      <ol className="two-step__instructions">
        <li>Open an authenticator app on your phone, such as Aegis, Google Authenticator or your password manager, and add an account.</li>
        <li>Scan the QR code, or type the key under it.</li>
        <li>Enter the 6-digit code the app then shows.</li>
      </ol>
      <div className="two-step__pairing">
        <img
          className="two-step__qr"
          src={`data:image/svg+xml,${encodeURIComponent(setup.qrSvg)}`}
          alt="QR code to add your Quorum account to an authenticator app"
          width={176}
          height={176}
        />
        <div className="two-step__key">
          <p className="two-step__key-label">Key</p>
          <code className="two-step__secret">{grouped(setup.secret)}</code>
          <button type="button" className="button button--small" onClick={() => void copyKey()}>
            Copy key
          </button>
        </div>
      </div>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          ref={codeRef}
          label="Code from the app"
          name="code"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setServerError(null);
          }}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={40}
          spellCheck={false}
          error={fieldError}
        />
        <FormError message={serverError && !serverError.field ? serverError.message : null} />
        <div className="settings-section__actions two-step__actions">
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={enable.isPending} aria-busy={enable.isPending}>
            {enable.isPending ? 'Turning on…' : 'Turn on'}
          </button>
        </div>
      </form>
    </div>
  );
}

function CodesStep({ codes, fresh, onDone }: { codes: string[]; fresh: boolean; onDone: () => void }) {
  const alerts = useAlerts();
  const username = useSessionUser()?.username ?? 'you';
  const copyAll = async () =>
    alerts.show((await copyText(`${codes.join('\n')}\n`)) ? 'Backup codes copied to clipboard.' : 'Failed to copy the backup codes to clipboard.');
  return (
    <div className="two-step__step">
      <StepTitle>{fresh ? 'Save your backup codes' : 'Save your new backup codes'}</StepTitle>
      <p className="settings-section__note">
        If you lose your phone, each of these codes lets you log in once instead of a code from the app. Keep them somewhere safe, such
        as your password manager: they are not shown again.
        {fresh ? '' : ' Your old backup codes no longer work.'}
      </p>
      <ul className="two-step__codes" aria-label="Backup codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="settings-section__actions two-step__actions">
        <button type="button" className="button" onClick={() => void copyAll()}>
          Copy all
        </button>
        <button type="button" className="button" onClick={() => downloadCodes(codes, username)}>
          Download .txt
        </button>
        <button type="button" className="button button--primary" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </div>
  );
}

function DisableForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const disable = useDisableTwoStep();
  return (
    <PasswordForm
      submit={(password, { onError }) => disable.mutate({ password }, { onSuccess: onDone, onError })}
      busy={disable.isPending}
      submitLabel="Turn off"
      busyLabel="Turning off…"
      danger
      onCancel={onCancel}
    />
  );
}

/** Skeleton lines of the state's size while it loads. */
function StateSkeleton() {
  return (
    <div className="two-step__loading" role="status" aria-label="Loading two-step sign-in">
      <Skeleton width="85%" height={18} />
      <Skeleton width="55%" height={18} />
    </div>
  );
}

/**
 * Two-step sign-in: off, it explains and offers a setup (QR code and key, a first code, then the
 * backup codes once); on, it tells how many backup codes are left and offers new ones, or to turn
 * it off with the password. Setting up and new codes need a recent identity check.
 */
export function TwoStepSection() {
  const alerts = useAlerts();
  const query = useQuery(twoStepOptions());
  const runChecked = useRecentCheck();
  const setUp = useSetUpTwoStep();
  const renew = useNewBackupCodes();
  const [view, setView] = useState<View>({ kind: 'state' });
  const [error, setError] = useState<string | null>(null);
  const [confirmingRenew, setConfirmingRenew] = useState(false);
  const [disabling, setDisabling] = useState(false);
  const state = query.data;

  // Back from a step, the focus goes to the section's title (after the render, once a dialog has closed).
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [focusRequests, setFocusRequests] = useState(0);
  useEffect(() => {
    if (focusRequests > 0) titleRef.current?.focus();
  }, [focusRequests]);
  const backToState = () => {
    setView({ kind: 'state' });
    setFocusRequests((count) => count + 1);
  };

  const failed = (failure: unknown) => {
    setError(refusalMessage(failure));
    if (failure instanceof ApiError && failure.status === 409) void query.refetch();
  };

  const startSetup = () => {
    setError(null);
    runChecked(() => setUp.mutateAsync()).then((setup) => setView({ kind: 'setup', setup }), failed);
  };

  const makeNewCodes = () => {
    setConfirmingRenew(false);
    setError(null);
    runChecked(() => renew.mutateAsync()).then(({ backupCodes }) => setView({ kind: 'codes', codes: backupCodes, fresh: false }), failed);
  };

  const left = state?.backupCodesLeft ?? 0;

  return (
    <section className="card settings-section two-step" aria-labelledby="settings-two-step">
      <div className="two-step__header">
        <h2 id="settings-two-step" ref={titleRef} tabIndex={-1} className="settings-section__title">
          Two-step sign-in
        </h2>
        {state && view.kind === 'state' && (
          <span className={state.enabled ? 'two-step__badge two-step__badge--on' : 'two-step__badge'}>{state.enabled ? 'On' : 'Off'}</span>
        )}
      </div>
      {view.kind === 'setup' ? (
        <SetupStep setup={view.setup} onEnabled={(codes) => setView({ kind: 'codes', codes, fresh: true })} onCancel={backToState} />
      ) : view.kind === 'codes' ? (
        <CodesStep codes={view.codes} fresh={view.fresh} onDone={backToState} />
      ) : state ? (
        state.enabled ? (
          <>
            <p className="settings-section__note">
              After your password, logging in asks for the code your authenticator app shows, or one of your backup codes.
            </p>
            <p className={left <= FEW_BACKUP_CODES ? 'two-step__left two-step__left--few' : 'two-step__left'}>
              {left === 1 ? '1 backup code left.' : `${left} backup codes left.`}
              {left <= FEW_BACKUP_CODES && ' Make new ones before you run out.'}
            </p>
            <FormError message={error} />
            <div className="settings-section__actions two-step__actions">
              <button type="button" className="button" onClick={() => setConfirmingRenew(true)} disabled={renew.isPending} aria-busy={renew.isPending}>
                New backup codes
              </button>
              <button type="button" className="button button--danger" onClick={() => setDisabling(true)}>
                Turn off
              </button>
            </div>
          </>
        ) : (
          <>
            <p className="settings-section__note">
              Keep your account safe even if someone learns your password: after it, logging in also asks for a 6-digit code from an
              authenticator app on your phone.
            </p>
            <FormError message={error} />
            <div className="settings-section__actions two-step__actions">
              <button type="button" className="button button--primary" onClick={startSetup} disabled={setUp.isPending} aria-busy={setUp.isPending}>
                Set up
              </button>
            </div>
          </>
        )
      ) : isUnavailableOffline(query) ? (
        <p className="muted two-step__status">Two-step sign-in will load when you're back online.</p>
      ) : query.isError ? (
        <LoadFailed query={query} variant="compact" className="two-step__status" />
      ) : (
        <StateSkeleton />
      )}
      <ConfirmDialog
        open={confirmingRenew}
        title="Make new backup codes?"
        description="Your current backup codes stop working at once."
        confirmLabel="Make new codes"
        onClose={() => setConfirmingRenew(false)}
        onConfirm={makeNewCodes}
      />
      <Modal
        open={disabling}
        onClose={() => setDisabling(false)}
        title="Turn off two-step sign-in?"
        description="Logging in will ask for your password only, and your backup codes stop working. Enter your password to go on."
      >
        <DisableForm
          onCancel={() => setDisabling(false)}
          onDone={() => {
            setDisabling(false);
            alerts.show('Two-step sign-in is off.');
            setFocusRequests((count) => count + 1);
          }}
        />
      </Modal>
    </section>
  );
}
