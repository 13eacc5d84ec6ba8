import { MOBILE_SIDEBAR_WIDTH_PX } from '@quorum/shared/constants';
import { useEffect, useRef, type KeyboardEvent, type TouchEvent } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { Icon, type IconName } from '../../components/ui/icon.tsx';
import { ThemeSwitch } from '../../components/ui/theme-switch.tsx';
import { paths } from '../../config/paths.ts';
import { useIsMobile } from '../../hooks/use-media-query.ts';
import { focusableIn, keepTabInside } from '../../lib/focus.ts';
import { useInitialData, useSessionUser } from '../../lib/session/get-initial.ts';
import { SidebarCommunities } from './sidebar-communities.tsx';
import { SidebarLists } from './sidebar-lists.tsx';

/** How far from the left edge a swipe may start to open the drawer, and how far it must go. */
const EDGE_PX = 24;
const SWIPE_PX = 60;

interface SidebarProps {
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
}

function SidebarLink({ to, icon, label, end }: { to: string; icon: IconName; label: string; end?: boolean }) {
  return (
    <li>
      <NavLink className="sidebar__link" to={to} end={end}>
        <Icon name={icon} />
        <span className="sidebar__link-text">{label}</span>
      </NavLink>
    </li>
  );
}

/** The link that switches the home feed: it names whichever of the two the user is not on. */
function HomeFeedToggle({ homeFeed }: { homeFeed: 'all' | 'subscriptions' }) {
  const { pathname } = useLocation();
  const current = pathname === paths.subscriptions.path ? 'subscriptions' : pathname === paths.all.path ? 'all' : pathname === '/' ? homeFeed : null;
  const target = current === 'subscriptions' ? 'all' : 'subscriptions';
  return target === 'all' ? (
    <SidebarLink to={paths.all.getHref()} icon="globe" label="All" />
  ) : (
    <SidebarLink to={paths.subscriptions.getHref()} icon="list" label="Subscriptions" />
  );
}

/**
 * The left column on wide screens; on phones an off-canvas drawer opened by the menu button or a
 * swipe from the left edge, and closed by the overlay, Escape, a swipe back or a navigation.
 */
export function Sidebar({ open, onOpen, onClose }: SidebarProps) {
  const user = useSessionUser();
  const { contactEmail } = useInitialData();
  const isMobile = useIsMobile();
  const drawerOpen = isMobile && open;
  const asideRef = useRef<HTMLElement>(null);
  const drag = useRef<{ startX: number; startY: number; dx: number; horizontal: boolean | null } | null>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    onClose();
  }, [pathname, onClose]);

  useEffect(() => {
    if (!isMobile) onClose();
  }, [isMobile, onClose]);

  useEffect(() => {
    if (!drawerOpen) return;
    const returnTo = document.activeElement;
    const aside = asideRef.current;
    if (aside) focusableIn(aside)[0]?.focus();
    document.body.dataset.scrollLocked = 'true';
    return () => {
      delete document.body.dataset.scrollLocked;
      if (returnTo instanceof HTMLElement && returnTo.isConnected) returnTo.focus();
    };
  }, [drawerOpen]);

  // A swipe from the left edge of the screen opens the drawer.
  useEffect(() => {
    if (!isMobile || open) return;
    let start: { x: number; y: number } | null = null;
    const onStart = (event: globalThis.TouchEvent) => {
      const touch = event.touches[0];
      start = touch && touch.clientX <= EDGE_PX ? { x: touch.clientX, y: touch.clientY } : null;
    };
    const onMove = (event: globalThis.TouchEvent) => {
      const touch = event.touches[0];
      if (!start || !touch) return;
      const dx = touch.clientX - start.x;
      if (Math.abs(touch.clientY - start.y) > Math.abs(dx)) start = null;
      else if (dx > SWIPE_PX) {
        start = null;
        onOpen();
      }
    };
    document.addEventListener('touchstart', onStart, { passive: true });
    document.addEventListener('touchmove', onMove, { passive: true });
    return () => {
      document.removeEventListener('touchstart', onStart);
      document.removeEventListener('touchmove', onMove);
    };
  }, [isMobile, open, onOpen]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!drawerOpen) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else {
      keepTabInside(event, event.currentTarget);
    }
  };

  // Dragging the open drawer to the left follows the finger and closes it past a third.
  const onTouchStart = (event: TouchEvent<HTMLElement>) => {
    const touch = event.touches[0];
    if (drawerOpen && touch) drag.current = { startX: touch.clientX, startY: touch.clientY, dx: 0, horizontal: null };
  };
  const onTouchMove = (event: TouchEvent<HTMLElement>) => {
    const state = drag.current;
    const touch = event.touches[0];
    const aside = asideRef.current;
    if (!state || !touch || !aside) return;
    const dx = touch.clientX - state.startX;
    if (state.horizontal === null) state.horizontal = Math.abs(dx) > Math.abs(touch.clientY - state.startY);
    if (!state.horizontal) return;
    state.dx = Math.min(0, dx);
    aside.style.transition = 'none';
    aside.style.transform = `translateX(${state.dx}px)`;
  };
  const onTouchEnd = () => {
    const state = drag.current;
    const aside = asideRef.current;
    drag.current = null;
    if (!state || !aside) return;
    aside.style.transition = '';
    aside.style.transform = '';
    if (state.horizontal && state.dx < -MOBILE_SIDEBAR_WIDTH_PX / 3) onClose();
  };

  return (
    <>
      {drawerOpen && <div className="sidebar-overlay" onClick={onClose} aria-hidden="true" />}
      <aside
        ref={asideRef}
        id="sidebar"
        className="sidebar"
        data-open={drawerOpen || undefined}
        aria-label="Sidebar"
        role={drawerOpen ? 'dialog' : undefined}
        aria-modal={drawerOpen || undefined}
        inert={isMobile && !open}
        onKeyDown={onKeyDown}
        onTouchStart={onTouchStart}
        onTouchMove={onTouchMove}
        onTouchEnd={onTouchEnd}
        onTouchCancel={onTouchEnd}
      >
        <div className="sidebar__inner">
          {drawerOpen && (
            <div className="sidebar__drawer-header">
              <span className="sidebar__drawer-title">Quorum</span>
              <button type="button" className="icon-button" aria-label="Close sidebar" onClick={onClose}>
                <Icon name="close" />
              </button>
            </div>
          )}
          <nav aria-label="Main">
            <ul className="sidebar__list">
              <SidebarLink to={paths.home.getHref()} icon="home" label="Home" end />
              {user && <HomeFeedToggle homeFeed={user.homeFeed ?? 'all'} />}
              {user && user.moddingList.length > 0 && (
                <SidebarLink to={paths.moderating.getHref()} icon="shield" label="Moderating" />
              )}
              <SidebarLink to={paths.communities.getHref()} icon="communities" label="Communities" />
            </ul>
          </nav>
          <SidebarLists />
          <SidebarCommunities />
          <nav aria-label="About Quorum" className="sidebar__section">
            <ul className="sidebar__list sidebar__list--small">
              <SidebarLink to={paths.guidelines.getHref()} icon="book" label="Guidelines" />
              <SidebarLink to={paths.terms.getHref()} icon="document" label="Terms" />
              <SidebarLink to={paths.privacyPolicy.getHref()} icon="lock" label="Privacy" />
              <SidebarLink to={paths.modLog.getHref()} icon="shield" label="Moderation log" />
              {contactEmail && (
                <li>
                  <a className="sidebar__link" href={`mailto:${contactEmail}`}>
                    <Icon name="mail" />
                    <span className="sidebar__link-text">Contact</span>
                  </a>
                </li>
              )}
              <SidebarLink to={paths.about.getHref()} icon="info" label="About" />
            </ul>
          </nav>
          <div className="sidebar__section">
            <ThemeSwitch className="sidebar__link" />
          </div>
        </div>
      </aside>
    </>
  );
}
