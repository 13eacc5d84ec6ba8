import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useSessionCheck } from '../../lib/session/get-initial.ts';

/**
 * Screens that need an account send visitors to /login, remembering where they were going. While
 * the session is being checked afresh nothing shows, so a user who logged in since the saved copy
 * of the session goes straight on (a share, a shortcut of the installed app).
 */
export function RequireLogin() {
  const { user, checking } = useSessionCheck();
  const location = useLocation();
  if (!user && checking) return null;
  if (!user) return <Navigate to={paths.login.getHref(location.pathname + location.search + location.hash)} replace />;
  return <Outlet />;
}
