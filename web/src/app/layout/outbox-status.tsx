import { FailedWriteActions } from '../../components/outbox/failed-write-actions.tsx';
import { describeWrite } from '../../lib/outbox/outbox.ts';
import { useOutboxEntries, useOutboxSync } from '../../lib/outbox/use-outbox.ts';
import './outbox-status.css';

/**
 * Sends the outbox when it can, and tells the user about it: how many changes wait for the
 * network, and each change the server refused on a later send, with Retry and Discard (the
 * screens have already gone back to the server's state).
 */
export function OutboxStatus() {
  useOutboxSync();
  const entries = useOutboxEntries();
  // A write on its way to the server is not waiting for the network.
  const waiting = entries.filter((entry) => entry.state === 'pending').length;
  const failed = entries.filter((entry) => entry.state === 'failed');
  if (waiting === 0 && failed.length === 0) return null;
  return (
    <section className="outbox-status" aria-label="Changes not sent yet">
      {waiting > 0 && (
        <p className="outbox-status__waiting" role="status" data-testid="outbox-waiting">
          {waiting === 1 ? '1 change is' : `${waiting} changes are`} waiting to be sent. They will be sent when you're back online.
        </p>
      )}
      {failed.map((entry) => (
        <div key={entry.key} className="outbox-status__failed" role="alert" data-testid="outbox-failed">
          <p className="outbox-status__text">
            {describeWrite(entry.write)} was not sent: {entry.error ?? 'it was refused.'}
          </p>
          <FailedWriteActions entryKey={entry.key} className="outbox-status__actions" />
        </div>
      ))}
    </section>
  );
}
