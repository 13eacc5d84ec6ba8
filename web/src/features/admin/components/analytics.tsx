import { formatCount, formatDate } from '@quorum/shared/format';
import type { BssPayload } from '@quorum/shared/entities/analytics';
import { useInfiniteQuery } from '@tanstack/react-query';
import { LoadFailed } from '../../../components/errors/load-failed.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { bssEventsOptions, type SiteStats } from '../api/bss-events.ts';
import { AdminPageHeader } from './admin-layout.tsx';
import { LineChart } from './line-chart.tsx';

type Field = keyof BssPayload;

/** The series drawn as charts: activity over the 24 hours before each hourly record. */
const CHARTS: ReadonlyArray<{ field: Field; title: string }> = [
  { field: 'users_day', title: 'Active users, last 24 hours' },
  { field: 'posts_day', title: 'Posts, last 24 hours' },
  { field: 'comments_day', title: 'Comments, last 24 hours' },
  { field: 'signups', title: 'Sign-ups, last 24 hours' },
];

/** Every figure of the latest record. */
const FIGURES: ReadonlyArray<{ field: Field; label: string }> = [
  { field: 'users_day', label: 'Users today' },
  { field: 'users_week', label: 'Users this week' },
  { field: 'users_month', label: 'Users this month' },
  { field: 'return_users_day', label: 'Returning today' },
  { field: 'return_users_week', label: 'Returning this week' },
  { field: 'return_users_month', label: 'Returning this month' },
  { field: 'posts_day', label: 'Posts today' },
  { field: 'posts_week', label: 'Posts this week' },
  { field: 'comments_day', label: 'Comments today' },
  { field: 'comments_week', label: 'Comments this week' },
  { field: 'signups', label: 'Sign-ups today' },
  { field: 'pwa_installs', label: 'App installs today' },
  { field: 'notifications_enabled', label: 'Notifications turned on today' },
];

const TABLE_COLUMNS: ReadonlyArray<{ field: Field; label: string }> = [
  { field: 'users_day', label: 'Users' },
  { field: 'posts_day', label: 'Posts' },
  { field: 'comments_day', label: 'Comments' },
  { field: 'signups', label: 'Sign-ups' },
  { field: 'pwa_installs', label: 'Installs' },
  { field: 'notifications_enabled', label: 'Notifications on' },
];

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function value(event: SiteStats, field: Field): number {
  const number = event.figures[field];
  return typeof number === 'number' && Number.isFinite(number) ? number : 0;
}

function Latest({ event }: { event: SiteStats }) {
  return (
    <section className="card" aria-labelledby="bss-latest">
      <h3 id="bss-latest" className="card__title">
        Latest figures <span className="admin-row__meta">({formatDate(event.createdAt)})</span>
      </h3>
      <dl className="stats">
        {FIGURES.map(({ field, label }) => (
          <div key={field} className="stats__item">
            <dt>{label}</dt>
            <dd>{formatCount(value(event, field))}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function EventsTable({ events }: { events: readonly SiteStats[] }) {
  return (
    <details className="card chart-table">
      <summary>The numbers as a table</summary>
      <div className="chart-table__scroll">
        <table>
          <caption className="visually-hidden">Site statistics by hour, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              {TABLE_COLUMNS.map(({ field, label }) => (
                <th key={field} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr key={event.id}>
                <th scope="row">{timeFormat.format(new Date(event.createdAt))}</th>
                {TABLE_COLUMNS.map(({ field }) => (
                  <td key={field}>{formatCount(value(event, field))}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function ChartsSkeleton() {
  return (
    <div className="charts" role="status" aria-label="Loading statistics">
      {CHARTS.map(({ field }) => (
        <div key={field} className="card chart">
          <Skeleton width="60%" height={16} />
          <Skeleton width="100%" height={140} />
        </div>
      ))}
    </div>
  );
}

/** /admin/bss: the hourly site statistics as charts, the latest figures and a table. */
export function Analytics() {
  const query = useInfiniteQuery(bssEventsOptions());
  const events = query.data?.pages.flatMap((page) => page.events) ?? [];
  const latest = events[0];

  return (
    <>
      <AdminPageHeader title="Analytics" />
      {query.isPending ? (
        <ChartsSkeleton />
      ) : query.isError && !latest ? (
        <LoadFailed query={query} className="feed-status card" />
      ) : !latest ? (
        <p className="card feed-status">No statistics yet. They are recorded every hour.</p>
      ) : (
        <>
          <div className="charts">
            {CHARTS.map(({ field, title }) => (
              <div key={field} className="card">
                <LineChart title={title} points={events.map((event) => ({ time: Date.parse(event.createdAt), value: value(event, field) }))} />
              </div>
            ))}
          </div>
          {query.hasNextPage && (
            <div className="feed-status">
              <button type="button" className="button" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {query.isFetchingNextPage ? 'Loading…' : 'Show older statistics'}
              </button>
            </div>
          )}
          <Latest event={latest} />
          <EventsTable events={events} />
        </>
      )}
    </>
  );
}
