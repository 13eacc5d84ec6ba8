import { ForbiddenPage } from '../../components/errors/forbidden.tsx';
import { NotFoundPage } from '../../components/errors/not-found.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useSessionUser } from '../../lib/session/get-initial.ts';

/** /admin: admins only; the dashboard itself is not built yet. */
export function AdminRoute() {
  const user = useSessionUser();
  useDocumentTitle(user?.isAdmin ? 'Not found' : 'Forbidden');
  return user?.isAdmin ? <NotFoundPage /> : <ForbiddenPage />;
}
