import { RetryButton } from './load-failed.tsx';
import { StatusPage } from './status-page.tsx';

interface RetryPageProps {
  onRetry: () => void;
  retrying: boolean;
}

/** The first load failed for lack of a network. */
export function OfflinePage({ onRetry, retrying }: RetryPageProps) {
  return (
    <StatusPage icon="offline" title="You're offline" fullScreen>
      <p className="status-page__text">Quorum couldn't reach the server. It will try again when your connection is back.</p>
      <RetryButton className="button button--primary" onRetry={onRetry} retrying={retrying} />
    </StatusPage>
  );
}

/** The first load failed for another reason. */
export function LoadFailedPage({ onRetry, retrying }: RetryPageProps) {
  return (
    <StatusPage icon="warning" title="Something went wrong." fullScreen>
      <p className="status-page__text">Quorum couldn't load. Please try again in a moment.</p>
      <RetryButton className="button button--primary" onRetry={onRetry} retrying={retrying} />
    </StatusPage>
  );
}
