import { Messages } from '@quorum/shared/errors';
import { StatusPage } from './status-page.tsx';

/** Shown when rendering failed: the only way on is a fresh page. */
export function CrashScreen({ fullScreen = true }: { fullScreen?: boolean }) {
  return (
    <StatusPage icon="warning" title={Messages.crash} fullScreen={fullScreen}>
      <p className="status-page__text">Quorum ran into a problem it could not recover from. Reloading the page usually fixes it.</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </StatusPage>
  );
}
