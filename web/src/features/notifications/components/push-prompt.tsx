import { Messages } from '@quorum/shared/errors';
import { PUSH_PROMPT_INTERVAL_MS } from '@quorum/shared/constants';
import { useEffect, useState } from 'react';
import { Modal } from '../../../components/ui/modal.tsx';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { useInitialData, useSessionUser } from '../../../lib/session/get-initial.ts';
import { readStorage, writeStorage } from '../../../lib/storage.ts';
import { isPushTurnedOffHere, reportNotificationsEnabled, subscribeToPush, supportsPush } from '../../../lib/push.ts';

const ASKED_AT_KEY = 'push_prompt_asked_at';
const PROMPT_DELAY_MS = 3000;
/** A first visit is never asked: the question may come on a visit at least this much later. */
const FIRST_VISIT_GAP_MS = 24 * 60 * 60 * 1000;

/**
 * Whether to offer push now: the browser can, permission is still to be asked, and the last
 * question is PUSH_PROMPT_INTERVAL_MS old.
 */
function shouldAsk(now: number): boolean {
  if (!supportsPush() || Notification.permission !== 'default') return false;
  const stored = readStorage(ASKED_AT_KEY);
  if (stored === null) {
    writeStorage(ASKED_AT_KEY, String(now - PUSH_PROMPT_INTERVAL_MS + FIRST_VISIT_GAP_MS));
    return false;
  }
  const askedAt = Number(stored);
  return !Number.isFinite(askedAt) || askedAt > now || now - askedAt >= PUSH_PROMPT_INTERVAL_MS;
}

/**
 * Offers push notifications to a logged-in user (spec 1 §4, push prompt), and keeps this session's
 * subscription on the server when permission was already given.
 */
export function PushPrompt() {
  const user = useSessionUser();
  const { vapidPublicKey } = useInitialData();
  const alerts = useAlerts();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const loggedIn = user !== null;

  useEffect(() => {
    if (!loggedIn || !vapidPublicKey || !supportsPush()) return;
    if (Notification.permission === 'granted') {
      // Subscriptions belong to sessions: a new login hands this browser's to the server again,
      // unless the member turned pushes off on this device.
      if (!isPushTurnedOffHere()) subscribeToPush(vapidPublicKey).catch(() => {});
      return;
    }
    // Asked a moment after the page is up, never over a screen that is still loading.
    const timer = window.setTimeout(() => {
      if (shouldAsk(Date.now())) setOpen(true);
    }, PROMPT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [loggedIn, vapidPublicKey]);

  const close = () => {
    writeStorage(ASKED_AT_KEY, String(Date.now()));
    setOpen(false);
  };

  const enable = async () => {
    setBusy(true);
    const subscribed = await subscribeToPush(vapidPublicKey).catch(() => false);
    setBusy(false);
    close();
    if (subscribed) reportNotificationsEnabled();
    else alerts.show(Messages.pushUnsupported);
  };

  return (
    <Modal open={open} onClose={close} title="Turn on notifications?">
      <p>Get a notification on this device when someone replies to you or comments on your posts.</p>
      <div className="modal__actions">
        <button type="button" className="button" onClick={close}>
          Not now
        </button>
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void enable()} data-autofocus>
          Turn on
        </button>
      </div>
    </Modal>
  );
}
