import { formatDate, timeAgo } from '@quorum/shared/format';
import { useNow } from '../../hooks/use-now.ts';

/** A relative time such as "5 minutes ago" that keeps itself current; the full date is its tooltip. */
export function TimeAgo({ date, className }: { date: string; className?: string }) {
  const now = useNow();
  return (
    <time className={className} dateTime={date} title={formatDate(date)}>
      {timeAgo(date, new Date(now))}
    </time>
  );
}
