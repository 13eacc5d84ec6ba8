import { Messages } from '@quorum/shared/errors';
import { useEffect, useState } from 'react';
import { SwitchField } from '../../../components/ui/switch.tsx';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { isPushOnHere, onPushChange, reportNotificationsEnabled, subscribeToPush, supportsPush, unsubscribeFromPush } from '../../../lib/push.ts';
import { useInitialData } from '../../../lib/session/get-initial.ts';

function description(available: boolean, blocked: boolean): string {
  if (!available) return Messages.pushUnsupported;
  if (blocked) return 'Notifications are blocked for this site in the browser. Allow them there to turn this on.';
  return 'Replies and comments on your posts show up on this device even when Quorum is closed. Your other devices keep their own setting.';
}

/**
 * Pushes on this device, turned on or off at any time; other devices are not touched. The switch
 * moves at once and goes back if the change fails.
 */
export function PushSetting() {
  const { vapidPublicKey } = useInitialData();
  const alerts = useAlerts();
  const available = supportsPush() && vapidPublicKey !== '';
  const blocked = available && Notification.permission === 'denied';
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);

  // What this device does now, read again whenever it changes (the app subscribes by itself at start).
  useEffect(() => {
    if (!available) return;
    let current = true;
    const read = () => {
      void isPushOnHere().then((value) => {
        if (current) setOn(value);
      });
    };
    read();
    const stop = onPushChange(read);
    return () => {
      current = false;
      stop();
    };
  }, [available]);

  const change = async (wanted: boolean) => {
    setOn(wanted);
    setBusy(true);
    try {
      if (wanted) {
        const subscribed = await subscribeToPush(vapidPublicKey).catch(() => false);
        if (subscribed) {
          reportNotificationsEnabled();
          alerts.show('Notifications are on for this device.');
        } else {
          setOn(false);
          alerts.show(Messages.pushUnsupported);
        }
      } else {
        await unsubscribeFromPush();
        alerts.show('Notifications are off for this device.');
      }
    } catch {
      setOn(await isPushOnHere());
      alerts.show(Messages.generic);
    } finally {
      setBusy(false);
    }
  };

  return (
    <SwitchField
      label="Push notifications on this device"
      description={description(available, blocked)}
      checked={on}
      disabled={!available || blocked || busy}
      onChange={(wanted) => void change(wanted)}
    />
  );
}
