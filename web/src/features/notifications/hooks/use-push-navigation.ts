import { SW_MESSAGE } from '@quorum/shared/sw-messages';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** A click on a pushed notification asks an open page to show its address: it navigates in place. */
export function usePushNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data;
      if (typeof data !== 'object' || data === null || !('type' in data) || data.type !== SW_MESSAGE.openUrl) return;
      if ('url' in data && typeof data.url === 'string' && data.url.startsWith('/')) void navigate(data.url);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [navigate]);
}
