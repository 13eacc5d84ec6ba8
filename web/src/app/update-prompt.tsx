import { UPDATE_PROMPT_CHECK_MS, UPDATE_PROMPT_MIN_GAP_MS } from '@quorum/shared/constants';
import { useEffect, useState } from 'react';
import { Modal } from '../components/ui/modal.tsx';
import { applyUpdate, useUpdateWaiting } from '../lib/service-worker.ts';
import { readStorage, writeStorage } from '../lib/storage.ts';

const SHOWN_AT_KEY = 'update_prompt_shown_at';

function mayShow(now: number): boolean {
  const last = Number(readStorage(SHOWN_AT_KEY) ?? 0);
  return !Number.isFinite(last) || now - last >= UPDATE_PROMPT_MIN_GAP_MS || last > now;
}

/**
 * Offers a waiting new version. It checks every UPDATE_PROMPT_CHECK_MS and shows at most once per
 * UPDATE_PROMPT_MIN_GAP_MS, so "Later" is respected; nothing reloads without the user's word.
 */
export function UpdatePrompt() {
  const waiting = useUpdateWaiting();
  const [open, setOpen] = useState(false);
  const [updating, setUpdating] = useState(false);

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

  return (
    <Modal open={open} onClose={() => setOpen(false)} title="Update available">
      <p>A new version of Quorum is ready. Reload to start using it; anything you haven't sent yet on this page will be lost.</p>
      <div className="modal__actions">
        <button type="button" className="button" onClick={() => setOpen(false)}>
          Later
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={updating}
          onClick={() => {
            setUpdating(true);
            applyUpdate();
          }}
          data-autofocus
        >
          Reload
        </button>
      </div>
    </Modal>
  );
}
