import { Modal } from '../../../components/ui/modal.tsx';

/** Safari's Share icon: a box with an arrow out of its top. */
function ShareIcon() {
  return (
    <svg viewBox="0 0 24 24" width={20} height={20} aria-hidden="true" focusable="false" className="ios-install__glyph">
      <path d="M12 3.5v11M8 7.25 12 3.5l4 3.75M8.5 10.5H6.75a1.25 1.25 0 0 0-1.25 1.25v7.5a1.25 1.25 0 0 0 1.25 1.25h10.5a1.25 1.25 0 0 0 1.25-1.25v-7.5a1.25 1.25 0 0 0-1.25-1.25H15.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The steps iPhones and iPads take to install the app (Safari has no install prompt). */
export function IosInstallModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Install Quorum">
      <ol className="ios-install__steps">
        <li>
          Tap the Share button <ShareIcon /> in Safari&apos;s toolbar.
        </li>
        <li>
          Scroll down and tap <strong>Add to Home Screen</strong>.
        </li>
        <li>
          Tap <strong>Add</strong>. Quorum appears on your home screen and opens in its own window.
        </li>
      </ol>
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
          Got it
        </button>
      </div>
    </Modal>
  );
}
