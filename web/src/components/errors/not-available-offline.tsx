import { StatusPage } from './status-page.tsx';

/**
 * A screen that was never opened online has no saved copy to show offline. It loads by itself
 * once the connection is back; Retry tries at once.
 */
export function NotAvailableOffline({ onRetry, what = 'page' }: { onRetry: () => void; what?: 'page' | 'posts' }) {
  const text =
    what === 'posts'
      ? "These posts haven't been saved on this device yet. They will load when you're back online."
      : "This page hasn't been saved on this device yet. It will load when you're back online.";
  return (
    <StatusPage icon="offline" title="Not available offline">
      <p className="status-page__text">{text}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        Retry
      </button>
    </StatusPage>
  );
}
