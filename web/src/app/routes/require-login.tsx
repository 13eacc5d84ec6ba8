import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useSessionUser } from '../../lib/session/get-initial.ts';

/** Screens that need an account send visitors to /login, remembering where they were going. */
export function RequireLogin() {
  const user = useSessionUser();
  const location = useLocation();
  if (!user) return <Navigate to={paths.login.getHref(location.pathname + location.search + location.hash)} replace />;
  return <Outlet />;
}
