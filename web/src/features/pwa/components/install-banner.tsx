import { Suspense, useState } from 'react';
import { Icon } from '../../../components/ui/icon.tsx';
import { LogoMark } from '../../../components/ui/logo.tsx';
import { useHasBeenTrue } from '../../../hooks/use-has-been-true.ts';
import { useIsMobile } from '../../../hooks/use-media-query.ts';
import { dismissInstallForever, promptInstall, useInstallOffer } from '../../../lib/install-app.ts';
import { lazyComponent } from '../../../lib/lazy-component.ts';
import './install-banner.css';

const IosInstallModal = lazyComponent(async () => (await import('./ios-install-modal.tsx')).IosInstallModal);

/**
 * Offers phones to install the app: the browser's own dialog where it has one, the Share → Add to
 * Home Screen steps on iOS. "Not now" hides it for this visit; "Don't show again" for good.
 */
export function InstallBanner() {
  const offer = useInstallOffer();
  const mobile = useIsMobile();
  const [hidden, setHidden] = useState(false);
  const [showingSteps, setShowingSteps] = useState(false);
  const stepsOpened = useHasBeenTrue(showingSteps);

  if (!mobile || hidden || offer === null) return null;

  const install = () => {
    if (offer === 'ios') setShowingSteps(true);
    else void promptInstall();
  };

  return (
    <section className="card install-banner" aria-labelledby="install-banner-title">
      <LogoMark size={44} />
      <div className="install-banner__text">
        <h2 id="install-banner-title" className="install-banner__title">
          Get the Quorum app
        </h2>
        <p className="install-banner__description">Add it to your home screen: it opens in its own window and works offline.</p>
        <div className="install-banner__actions">
          <button type="button" className="button button--primary" onClick={install}>
            <Icon name="download" size={18} />
            {offer === 'ios' ? 'How to install' : 'Install'}
          </button>
          <button type="button" className="button button--ghost" onClick={dismissInstallForever}>
            Don&apos;t show again
          </button>
        </div>
      </div>
      <button type="button" className="icon-button icon-button--small install-banner__close" aria-label="Not now" onClick={() => setHidden(true)}>
        <Icon name="close" size={18} />
      </button>
      {stepsOpened && (
        <Suspense fallback={null}>
          <IosInstallModal open={showingSteps} onClose={() => setShowingSteps(false)} />
        </Suspense>
      )}
    </section>
  );
}
