import { ONLINE_SETTLE_MS } from '@quorum/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useAlerts } from '../alerts-context.tsx';
import { useSessionUser } from '../session/get-initial.ts';
import { NO_OUTBOX_ENTRIES, flushOutbox, loadOutbox, onSentByWorker, outboxSnapshot, subscribeOutbox, takeSentByWorker, type OutboxEntry, type OutboxWrite } from './outbox.ts';

/** A page drawn on the server is drawn for a visitor, who has no writes waiting. */
const noEntries = () => NO_OUTBOX_ENTRIES;

/** The logged-in user's writes in the outbox, oldest first. */
export function useOutboxEntries(): readonly OutboxEntry[] {
  const all = useSyncExternalStore(subscribeOutbox, outboxSnapshot, noEntries);
  const userId = useSessionUser()?.id ?? null;
  return useMemo(() => all.filter((entry) => entry.userId === userId), [all, userId]);
}

/** The outbox entry of one kind that `matches`, if the user has one waiting or failed. */
export function useOutboxEntry<W extends OutboxWrite>(kind: W['kind'], matches: (write: W) => boolean): OutboxEntry<W> | undefined {
  const entries = useOutboxEntries();
  return entries.find((entry) => entry.write.kind === kind && matches(entry.write as W)) as OutboxEntry<W> | undefined;
}

function sentLaterMessage(sent: number): string {
  return sent === 1 ? 'Your change made offline has been sent.' : `Your ${sent} changes made offline have been sent.`;
}

/**
 * Loads the outbox and sends what waits: at start, when the logged-in user changes, when the
 * browser is back online (after ONLINE_SETTLE_MS) and when the tab becomes visible. What the
 * service worker sent meanwhile is told when a read of the outbox finds it.
 */
export function useOutboxSync(): void {
  const client = useQueryClient();
  const alerts = useAlerts();
  const userId = useSessionUser()?.id ?? null;

  useEffect(() => {
    let timer: number | undefined;
    const tell = (sent: number) => {
      if (sent > 0) alerts.show(sentLaterMessage(sent), { id: 'outbox-sent' });
    };
    const tellSentByWorker = () => {
      if (userId) void takeSentByWorker(userId).then(tell);
    };
    const flush = () => void flushOutbox(client).then(tell);
    const onOnline = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(flush, ONLINE_SETTLE_MS);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') flush();
    };
    const stopTelling = onSentByWorker(tellSentByWorker);
    void loadOutbox().then(flush);
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopTelling();
      window.clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [client, alerts, userId]);
}
