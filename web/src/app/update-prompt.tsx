import { UPDATE_PROMPT_CHECK_MS, UPDATE_PROMPT_MIN_GAP_MS } from '@quorum/shared/constants';
import { useEffect, useId, useState } from 'react';
import { Icon } from '../components/ui/icon.tsx';
import { applyUpdate, useUpdateWaiting } from '../lib/service-worker.ts';
import { useOutboxEntries } from '../lib/outbox/use-outbox.ts';
import { readStorage, writeStorage } from '../lib/storage.ts';
import './update-prompt.css';

const SHOWN_AT_KEY = 'update_prompt_shown_at';

function mayShow(now: number): boolean {
  const last = Number(readStorage(SHOWN_AT_KEY) ?? 0);
  return !Number.isFinite(last) || now - last >= UPDATE_PROMPT_MIN_GAP_MS || last > now;
}

/** What a reload keeps: writes in the outbox are kept and sent; text still being typed is not. */
function keptMessage(waiting: number): string {
  if (waiting === 0) return 'Reload to start using it. Finish what you are typing first.';
  const changes = waiting === 1 ? 'Your change waiting to be sent is kept' : `Your ${waiting} changes waiting to be sent are kept`;
  return `Reload to start using it. ${changes} and sent after the reload; finish what you are typing first.`;
}

/**
 * Offers a waiting new version in a card at the bottom of the screen that leaves the page usable.
 * It checks every UPDATE_PROMPT_CHECK_MS and shows at most once per UPDATE_PROMPT_MIN_GAP_MS, so
 * "Later" is respected; nothing reloads without the user's word.
 */
export function UpdatePrompt() {
  const waiting = useUpdateWaiting();
  const unsent = useOutboxEntries().length;
  const [open, setOpen] = useState(false);
  const [updating, setUpdating] = useState(false);
  const titleId = useId();

  useEffect(() => {
    if (!waiting || open) return;
    const check = () => {
      const now = Date.now();
      if (!mayShow(now)) return;
      writeStorage(SHOWN_AT_KEY, String(now));
      setOpen(true);
    };
    check();
    const timer = window.setInterval(check, UPDATE_PROMPT_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [waiting, open]);

  if (!open) return null;
  return (
    <section className="update-prompt" role="dialog" aria-modal="false" aria-labelledby={titleId} aria-live="polite">
      <div className="update-prompt__text">
        <h2 id={titleId} className="update-prompt__title">
          Update available
        </h2>
        <p className="update-prompt__description">A new version of Quorum is ready. {keptMessage(unsent)}</p>
      </div>
      <div className="update-prompt__actions">
        <button type="button" className="button button--small button--ghost" onClick={() => setOpen(false)}>
          Later
        </button>
        <button
          type="button"
          className="button button--small button--primary"
          disabled={updating}
          onClick={() => {
            setUpdating(true);
            applyUpdate();
          }}
        >
          <Icon name="refresh" size={16} />
          {updating ? 'Reloading…' : 'Reload'}
        </button>
      </div>
    </section>
  );
}
