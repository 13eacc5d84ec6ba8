import { useQueryClient } from '@tanstack/react-query';
import { discardWrite, retryWrite } from '../../lib/outbox/outbox.ts';

/** Retry and Discard for a write the server refused when the outbox sent it. */
export function FailedWriteActions({ entryKey, className }: { entryKey: string; className: string }) {
  const client = useQueryClient();
  return (
    <div className={className}>
      <button type="button" className="button button--small" onClick={() => void retryWrite(client, entryKey)}>
        Retry
      </button>
      <button type="button" className="button button--small button--ghost" onClick={() => void discardWrite(entryKey)}>
        Discard
      </button>
    </div>
  );
}
