import { formatCount } from '@quorum/shared/format';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Icon } from '../../components/ui/icon.tsx';
import { LogoMark } from '../../components/ui/logo.tsx';
import { paths } from '../../config/paths.ts';
import { useAuthDialog } from '../../features/auth/hooks/use-auth-dialog.ts';
import { SearchLauncher } from '../../features/search/components/search-launcher.tsx';
import { NotificationsPanel } from '../../features/notifications/components/notifications-panel.tsx';
import { useIsMobile } from '../../hooks/use-media-query.ts';
import { useDevicePreferences } from '../../lib/device-preferences.ts';
import { useSessionUser } from '../../lib/session/get-initial.ts';
import { useNavbarScroll } from './use-navbar-scroll.ts';
import { UserMenu } from './user-menu.tsx';

interface NavbarProps {
  sidebarOpen: boolean;
  onOpenSidebar: () => void;
}

/** True when the router has an earlier entry of this app to go back to. */
function canGoBack(): boolean {
  // A page drawn on the server is a first visit: there is nothing to go back to.
  if (typeof window === 'undefined') return false;
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number' && state.idx > 0;
}

export function Navbar({ sidebarOpen, onOpenSidebar }: NavbarProps) {
  const user = useSessionUser();
  const authDialog = useAuthDialog();
  const isMobile = useIsMobile();
  const preferences = useDevicePreferences();
  const navigate = useNavigate();
  // Re-render on every navigation: whether there is history to go back to comes from it.
  useLocation();
  const { scrolled, hidden } = useNavbarScroll(isMobile && !preferences.top_navbar_autohide_disabled);
  const newCount = user?.notificationsNewCount ?? 0;
  const showBack = isMobile && canGoBack();

  return (
    <header
      className="navbar"
      data-scrolled={scrolled || undefined}
      data-hidden={hidden || undefined}
      data-back={showBack || undefined}
      data-visitor={!user || undefined}
    >
      <div className="navbar__inner">
        <div className="navbar__start">
          <button
            type="button"
            className="icon-button navbar__menu"
            aria-label="Menu"
            aria-expanded={sidebarOpen}
            aria-controls="sidebar"
            onClick={onOpenSidebar}
          >
            <Icon name="menu" size={22} />
          </button>
          {showBack && (
            <button type="button" className="icon-button" aria-label="Back" onClick={() => navigate(-1)}>
              <Icon name="back" size={22} />
            </button>
          )}
          <Link to={paths.home.getHref()} className="navbar__logo" aria-label="Quorum">
            <LogoMark size={30} />
            {/* Back takes the room of the wordmark. */}
            {!showBack && <span className="navbar__wordmark">Quorum</span>}
          </Link>
        </div>
        <div className="navbar__end">
          <SearchLauncher showButton={!isMobile} />
          {user ? (
            <>
              {isMobile ? (
                <Link
                  to={paths.notifications.getHref()}
                  className="icon-button navbar__bell"
                  aria-label={newCount > 0 ? `Notifications (${newCount} new)` : 'Notifications'}
                >
                  <Icon name="bell" size={22} />
                  {newCount > 0 && (
                    <span className="badge" aria-hidden="true">
                      {formatCount(newCount)}
                    </span>
                  )}
                </Link>
              ) : (
                <NotificationsPanel newCount={newCount} />
              )}
              <span className="navbar__points" title={`${user.points} points`}>
                {formatCount(user.points)} {user.points === 1 ? 'point' : 'points'}
              </span>
              <UserMenu user={user} />
            </>
          ) : (
            <>
              <button type="button" className="button button--ghost navbar__login" onClick={() => authDialog.open('login')}>
                Login
              </button>
              <button type="button" className="button button--primary navbar__signup" onClick={() => authDialog.open('signup')}>
                Create account
              </button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
