import { formatCount } from '@quorum/shared/format';
import type { SiteHealth } from '@quorum/shared/entities/site';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailed } from '../../../components/errors/load-failed.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { healthOptions } from '../api/get-health.ts';
import { testMailRefusal, useSendTestMail } from '../api/send-test-mail.ts';
import { AdminPageHeader } from './admin-layout.tsx';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86_400) return `${(seconds / 3600).toFixed(1)} h`;
  return `${(seconds / 86_400).toFixed(1)} days`;
}

function Figure({ label, children, warn = false }: { label: string; children: ReactNode; warn?: boolean }) {
  return (
    <div className={warn ? 'stats__item stats__item--warn' : 'stats__item'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h3 id={id} className="card__title">
        {title}
      </h3>
      <dl className="stats">{children}</dl>
    </section>
  );
}

function HealthFigures({ health }: { health: SiteHealth }) {
  const { database, jobs, lastHour, backups } = health;
  const errorRate = lastHour.requests === 0 ? 0 : (lastHour.serverErrors / lastHour.requests) * 100;
  return (
    <div className="health">
      <Section id="health-service" title="Service">
        <Figure label="Database" warn={!database.answering}>
          {database.answering ? `Answering in ${formatCount(database.latencyMs ?? 0)} ms` : 'Not answering'}
        </Figure>
        <Figure label="Background jobs" warn={!jobs.running}>
          {jobs.running ? 'Running' : 'Stopped'}
        </Figure>
        <Figure label="Version">{health.version}</Figure>
        <Figure label="Running since">{timeFormat.format(new Date(health.startedAt))}</Figure>
      </Section>
      <Section id="health-traffic" title="The last hour">
        <Figure label="Requests a minute">{formatCount(Math.round(lastHour.requests / 60))}</Figure>
        <Figure label="Server errors" warn={errorRate >= 1}>
          {`${errorRate < 10 ? errorRate.toFixed(1) : Math.round(errorRate)}%`}
        </Figure>
        <Figure label="95% answered within">{lastHour.p95Ms === null ? 'No requests' : `${formatCount(lastHour.p95Ms)} ms`}</Figure>
      </Section>
      <Section id="health-jobs" title="Job queue">
        <Figure label="Waiting">{formatCount(jobs.queued)}</Figure>
        <Figure label="Running">{formatCount(jobs.active)}</Figure>
        <Figure label="Oldest waiting for" warn={jobs.oldestSeconds >= 600}>
          {jobs.oldestSeconds === 0 ? 'Nothing waits' : formatDuration(jobs.oldestSeconds)}
        </Figure>
      </Section>
      <Section id="health-storage" title="Storage and backups">
        <Figure label={database.kind === 'embedded' ? 'Database (embedded)' : 'Database'}>
          {database.bytes === null ? 'Unknown' : formatBytes(database.bytes)}
        </Figure>
        <Figure label="Images">{health.imageBytes === null ? 'In the S3 bucket' : formatBytes(health.imageBytes)}</Figure>
        <Figure label="Last backup" warn={backups.scheduled && backups.lastAt === null}>
          {backups.lastAt ? timeFormat.format(new Date(backups.lastAt)) : backups.scheduled ? 'None yet' : 'Not scheduled'}
        </Figure>
      </Section>
      <p className="muted health__note">
        Requests and errors are those of the process that answered this page. Read again every 30 seconds.
      </p>
    </div>
  );
}

function HealthSkeleton() {
  return (
    <div className="health" role="status" aria-label="Loading the site's health">
      {[0, 1, 2, 3].map((index) => (
        <div key={index} className="card">
          <Skeleton width="40%" height={18} />
          <Skeleton width="100%" height={56} />
        </div>
      ))}
    </div>
  );
}

/** Sends a test message to the admin's own address, to see that the site's mail reaches people. */
function TestMail() {
  const send = useSendTestMail();
  const refusal = testMailRefusal(send.error);
  return (
    <section className="card health__mail" aria-labelledby="health-mail">
      <h3 id="health-mail" className="card__title">
        Mail
      </h3>
      <p className="muted">Password reset links go out by email. Send yourself a test message to check that mail arrives.</p>
      <button type="button" className="button" onClick={() => send.mutate()} disabled={send.isPending} aria-busy={send.isPending}>
        Send a test message
      </button>
      {refusal && (
        <p className="form__error" role="alert">
          {refusal}
        </p>
      )}
    </section>
  );
}

/** /admin/health: whether the database and the job queue answer, the last hour's traffic, storage and backups, and a test message. */
export function Health() {
  const query = useQuery(healthOptions());
  return (
    <>
      <AdminPageHeader title="Health" />
      {query.data ? <HealthFigures health={query.data} /> : query.isError ? <LoadFailed query={query} /> : <HealthSkeleton />}
      <TestMail />
    </>
  );
}
