import { Suspense } from 'react';
import { lazyComponent } from '../../../lib/lazy-component.ts';
import { useSessionUser } from '../../../lib/session/get-initial.ts';
import { useAppBadge } from '../hooks/use-app-badge.ts';
import { usePushNavigation } from '../hooks/use-push-navigation.ts';

// Only logged-in users are offered push, never before the first screen is up: its code comes after.
const PushPrompt = lazyComponent(async () => (await import('./push-prompt.tsx')).PushPrompt);

/** What notifications need on every screen: the app badge, push clicks and the push prompt. */
export function NotificationsHost() {
  useAppBadge();
  usePushNavigation();
  const loggedIn = useSessionUser() !== null;
  return (
    loggedIn && (
      <Suspense fallback={null}>
        <PushPrompt />
      </Suspense>
    )
  );
}
