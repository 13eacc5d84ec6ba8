import { formatCount } from '@quorum/shared/format';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../../../components/ui/icon.tsx';
import { lazyComponent, preloadWhenIdle } from '../../../lib/lazy-component.ts';
import './notifications-panel.css';

const NotificationList = lazyComponent(async () => (await import('./notification-list.tsx')).NotificationList);

/**
 * The navbar's bell on wide screens: its count of new notifications, and a panel of the newest
 * ones. Escape, a click outside or following a notification closes it.
 */
export function NotificationsPanel({ newCount }: { newCount: number }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useEffect(() => preloadWhenIdle(NotificationList), []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as HTMLElement;
      // Menus and dialogs opened from the panel live inside it.
      if (!rootRef.current?.contains(target) && !target.closest('dialog')) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('dialog[open]')) return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className="notifications-panel" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button navbar__bell"
        aria-label={newCount > 0 ? `Notifications (${newCount} new)` : 'Notifications'}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name="bell" size={22} />
        {newCount > 0 && (
          <span className="badge" aria-hidden="true">
            {formatCount(newCount)}
          </span>
        )}
      </button>
      {open && (
        <div className="notifications-panel__popover" id={panelId}>
          <Suspense fallback={null}>
            <NotificationList panel onNavigate={() => setOpen(false)} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
