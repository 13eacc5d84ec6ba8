import { formatCount } from '@quorum/shared/format';
import { useEffect, type MouseEvent } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { Icon, type IconName } from '../../components/ui/icon.tsx';
import { paths } from '../../config/paths.ts';
import { FOCUS_SEARCH_STATE } from '../../features/search/focus-request.ts';
import { useSessionUser } from '../../lib/session/get-initial.ts';
import { useRequireLogin } from '../../lib/session/login-prompt.ts';

/** Scroll positions of the bar's screens, restored when the user comes back by tapping the bar. */
const savedScroll = new Map<string, number>();
const REMEMBERED = new Set([paths.home.getHref(), paths.communities.getHref(), paths.notifications.getHref(), paths.search.getHref()]);

interface TabState {
  viaBottomNav?: boolean;
}

interface TabProps {
  to: string;
  icon: IconName;
  label: string;
  badge?: number;
  /** A visitor pressing it gets the 'Login to continue' prompt instead of a page change. */
  membersOnly?: boolean;
  /** More navigation state for the screen it opens. */
  state?: object;
}

function Tab({ to, icon, label, badge, membersOnly = false, state }: TabProps) {
  const { pathname } = useLocation();
  const { isLoggedIn, promptLogin } = useRequireLogin();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (membersOnly && !isLoggedIn) {
      event.preventDefault();
      promptLogin();
      return;
    }
    if (pathname === to) {
      event.preventDefault();
      window.scrollTo({ top: 0, behavior: 'smooth' });
      return;
    }
    if (REMEMBERED.has(pathname)) savedScroll.set(pathname, window.scrollY);
  };
  return (
    <li>
      <NavLink
        to={to}
        end
        className="bottom-nav__item"
        onClick={onClick}
        state={{ ...state, viaBottomNav: true } satisfies TabState}
        aria-label={badge ? `${label} (${badge} new)` : undefined}
      >
        <span className="bottom-nav__icon">
          <Icon name={icon} size={24} />
          {badge ? (
            <span className="badge" aria-hidden="true">
              {formatCount(badge)}
            </span>
          ) : null}
        </span>
        <span className="bottom-nav__label">{label}</span>
      </NavLink>
    </li>
  );
}

/** The tab bar of phones. */
export function BottomNav() {
  const user = useSessionUser();
  const location = useLocation();
  const viaBottomNav = (location.state as TabState | null)?.viaBottomNav === true;

  useEffect(() => {
    if (!viaBottomNav) return;
    const top = savedScroll.get(location.pathname);
    if (top === undefined) return;
    const frame = window.requestAnimationFrame(() => window.scrollTo({ top }));
    return () => window.cancelAnimationFrame(frame);
  }, [location.key, location.pathname, viaBottomNav]);

  return (
    <nav className="bottom-nav" aria-label="Primary">
      <ul className="bottom-nav__list">
        <Tab to={paths.home.getHref()} icon="home" label="Home" />
        <Tab to={paths.communities.getHref()} icon="communities" label="Communities" />
        <Tab to={paths.newPost.getHref()} icon="newPost" label="New post" membersOnly />
        <Tab to={paths.search.getHref()} icon="search" label="Search" state={FOCUS_SEARCH_STATE} />
        <Tab to={paths.notifications.getHref()} icon="bell" label="Notifications" badge={user?.notificationsNewCount ?? 0} />
      </ul>
    </nav>
  );
}
