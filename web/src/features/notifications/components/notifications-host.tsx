import { useAppBadge } from '../hooks/use-app-badge.ts';
import { usePushNavigation } from '../hooks/use-push-navigation.ts';
import { PushPrompt } from './push-prompt.tsx';

/** What notifications need on every screen: the app badge, push clicks and the push prompt. */
export function NotificationsHost() {
  useAppBadge();
  usePushNavigation();
  return <PushPrompt />;
}
