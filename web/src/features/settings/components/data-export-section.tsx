import { ApiError } from '@quorum/client/api-error';
import { DATA_EXPORT_EVERY_MINUTES, DATA_EXPORT_KEPT_HOURS } from '@quorum/shared/constants';
import type { DataExport } from '@quorum/shared/entities/exports';
import type { User } from '@quorum/shared/entities/users';
import { useId, useRef, useState } from 'react';
import { LoadFailed } from '../../../components/errors/load-failed.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TimeAgo } from '../../../components/ui/time-ago.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { useOnline } from '../../../hooks/use-online.ts';
import { api } from '../../../lib/api-client.ts';
import { isUnavailableOffline } from '../../../lib/offline.ts';
import { isDataExportRefusal, useDataExports, useRequestDataExport } from '../api/data-exports.ts';
import './data-export-section.css';

const SIZE_UNITS = ['KB', 'MB', 'GB'] as const;

/** A file's size as people read it: "820 B", "4.7 KB", "1.2 MB", "36 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 999.5 && unit < SIZE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value < 9.95 ? value.toFixed(1) : Math.round(value)} ${SIZE_UNITS[unit]}`;
}

let dateTimeFormat: Intl.DateTimeFormat | null = null;

/** A moment with its day and time, in the reader's own words: "Mar 4, 2026, 3:12 PM". */
function formatDateTime(iso: string): string {
  dateTimeFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return dateTimeFormat.format(new Date(iso));
}

let timeFormat: Intl.DateTimeFormat | null = null;

function formatTime(ms: number): string {
  timeFormat ??= new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
  return timeFormat.format(new Date(ms));
}

function BuildingLine({ hasEmail }: { hasEmail: boolean }) {
  return (
    <p className="data-export__line data-export__line--building">
      <span className="data-export__pulse" aria-hidden="true" />
      <span>
        Preparing your archive… This page updates by itself when it is ready{hasEmail ? ', and we will email you too' : ''}.
      </span>
    </p>
  );
}

function ReadyLine({ archive, online }: { archive: DataExport; online: boolean }) {
  const label = `Download (${formatFileSize(archive.sizeBytes ?? 0)})`;
  return (
    <div className="data-export__line data-export__line--ready">
      {online ? (
        <a className="button button--primary data-export__download" href={api.dataExportDownloadUrl(archive.id)} download>
          {label}
        </a>
      ) : (
        <button type="button" className="button button--primary data-export__download" disabled>
          {label}
        </button>
      )}
      <p className="data-export__times">
        {archive.readyAt && (
          <>
            Ready <TimeAgo date={archive.readyAt} />.{' '}
          </>
        )}
        {archive.expiresAt && (
          <>
            The link works until <time dateTime={archive.expiresAt}>{formatDateTime(archive.expiresAt)}</time>.
          </>
        )}
      </p>
    </div>
  );
}

/**
 * "Your data": asks for an archive of the account, shows it being prepared (the list is read again
 * every few seconds meanwhile) and offers its download once ready. Online only.
 */
export function DataExportSection({ user }: { user: User }) {
  const online = useOnline();
  const now = useNow();
  const query = useDataExports();
  const request = useRequestDataExport();
  const [refusal, setRefusal] = useState<string | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const reasonId = useId();

  const archives = query.data?.exports;
  const building = archives?.find((archive) => archive.status === 'building');
  const ready = archives?.filter((archive) => archive.status === 'ready') ?? [];
  const latest = archives?.[0];
  const nextAskAt = latest ? Date.parse(latest.createdAt) + DATA_EXPORT_EVERY_MINUTES * 60_000 : 0;
  const tooSoon = !building && nextAskAt > now;

  const reason = !online
    ? "You're offline. Your data can be prepared when you're back online."
    : tooSoon
      ? `You can prepare a new archive after ${formatTime(nextAskAt)}: one an hour.`
      : null;
  const disabled = !online || !archives || Boolean(building) || tooSoon || request.isPending;

  const prepare = () => {
    setRefusal(null);
    request.mutate(undefined, {
      // The button is disabled while the archive is prepared: the focus goes to the line that tells so.
      onSuccess: () => statusRef.current?.focus(),
      onError: (error) => {
        if (isDataExportRefusal(error) && error instanceof ApiError) setRefusal(error.message);
      },
    });
  };

  let status;
  if (archives?.length === 0) {
    status = <p className="data-export__line muted">No archive prepared yet.</p>;
  } else if (archives) {
    status = (
      <>
        {building && <BuildingLine hasEmail={Boolean(user.email)} />}
        {ready.map((archive) => (
          <ReadyLine key={archive.id} archive={archive} online={online} />
        ))}
      </>
    );
  } else if (isUnavailableOffline(query)) {
    status = <p className="data-export__line muted">Your archives will show when you're back online.</p>;
  } else if (query.isError) {
    status = <LoadFailed query={query} variant="compact" />;
  } else {
    status = (
      <div className="data-export__line">
        <Skeleton width="55%" height={20} />
        <span className="visually-hidden">Loading your archives…</span>
      </div>
    );
  }

  return (
    <section className="card settings-section data-export" aria-labelledby="settings-data">
      <h2 id="settings-data" className="settings-section__title">
        Your data
      </h2>
      <p className="settings-section__note">
        Download a copy of your account as a JSON file: your profile and settings, posts, comments, votes, lists, mutes and
        notifications. It is kept for {DATA_EXPORT_KEPT_HOURS} hours once ready.
      </p>
      <div ref={statusRef} tabIndex={-1} className="data-export__status">
        {status}
      </div>
      {/* Said once as the state changes; the times above change every minute and are not read out. */}
      <p className="visually-hidden" role="status">
        {building ? 'Preparing your archive.' : ready.length > 0 ? 'Your archive is ready to download.' : ''}
      </p>
      <FormError message={refusal} />
      <div className="settings-section__actions data-export__actions">
        {reason && (
          <p id={reasonId} className="data-export__reason muted">
            {reason}
          </p>
        )}
        <button
          type="button"
          className="button"
          onClick={prepare}
          disabled={disabled}
          aria-busy={request.isPending}
          aria-describedby={reason ? reasonId : undefined}
        >
          {request.isPending ? 'Preparing…' : 'Prepare my data'}
        </button>
      </div>
    </section>
  );
}
