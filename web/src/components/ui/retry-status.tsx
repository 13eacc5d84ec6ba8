import { genericErrorMessage } from '@quorum/client/api-error';

interface RetryStatusProps {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
  className?: string;
}

/** Where a list failed to load: the reason and a Retry button. */
export function RetryStatus({ error, onRetry, retrying, className }: RetryStatusProps) {
  return (
    <div className={className ? `feed-status ${className}` : 'feed-status'}>
      <p>{genericErrorMessage(error)}</p>
      <button type="button" className="button" onClick={onRetry} disabled={retrying}>
        Retry
      </button>
    </div>
  );
}
