import { useSyncExternalStore } from 'react';
import { api } from './api-client.ts';
import { readStorage, writeStorage } from './storage.ts';

// Installing the app: the browser's install prompt (Chromium's `beforeinstallprompt`), the
// steps for iOS, which has no prompt, and the use of the installed app, reported once a day.

/** Chromium's event; not in the DOM types yet. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const DISMISSED_KEY = 'install_banner_dismissed';
const USE_REPORTED_KEY = 'pwa_use_reported_on';

let deferredPrompt: BeforeInstallPromptEvent | null = null;
let dismissed = readStorage(DISMISSED_KEY) === 'forever';
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** True when the page runs as the installed app. */
export function isInstalledApp(): boolean {
  return window.matchMedia('(display-mode: standalone)').matches || ('standalone' in navigator && navigator.standalone === true);
}

/** iPhones and iPads in Safari: installable only through Share → Add to Home Screen. */
export function isIosBrowser(): boolean {
  const iPad = navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1;
  return (/iPhone|iPad|iPod/.test(navigator.userAgent) || iPad) && !isInstalledApp();
}

/** Reports use of the installed app once a day; call once the session is known (the call needs its anti-forgery token). */
export function reportInstalledUse(): void {
  const today = new Date().toISOString().slice(0, 10);
  if (!isInstalledApp() || readStorage(USE_REPORTED_KEY) === today) return;
  api.recordAnalytics('pwa_use').then(
    () => writeStorage(USE_REPORTED_KEY, today),
    () => {
      // Offline or refused: the next start tries again.
    },
  );
}

/**
 * Keeps the browser's install prompt for the banner and forgets it once the app is installed.
 * Call once, early, before the browser fires its event.
 */
export function watchInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferredPrompt = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferredPrompt = null;
    notify();
    api.recordAnalytics('pwa_install').catch(() => {
      // Counting installs is best effort.
    });
  });
}

/** Shows the browser's install dialog; true when the user installed. */
export async function promptInstall(): Promise<boolean> {
  const prompt = deferredPrompt;
  if (!prompt) return false;
  deferredPrompt = null;
  notify();
  await prompt.prompt();
  return (await prompt.userChoice).outcome === 'accepted';
}

/** Never offers the install banner again on this device. */
export function dismissInstallForever(): void {
  dismissed = true;
  writeStorage(DISMISSED_KEY, 'forever');
  notify();
}

export type InstallOffer = 'prompt' | 'ios' | null;

function currentOffer(): InstallOffer {
  if (dismissed || isInstalledApp()) return null;
  if (deferredPrompt) return 'prompt';
  return isIosBrowser() ? 'ios' : null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How the app can be installed here: the browser's prompt, the iOS steps, or not at all. */
export function useInstallOffer(): InstallOffer {
  // A page drawn on the server offers nothing: the offer depends on the browser.
  return useSyncExternalStore(subscribe, currentOffer, () => null);
}
