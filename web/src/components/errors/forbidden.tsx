import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { StatusPage } from './status-page.tsx';

export function ForbiddenPage() {
  return (
    <StatusPage icon="lock" title="Forbidden!">
      <p className="status-page__text">You don't have permission to see this page.</p>
      <Link className="button" to={paths.home.getHref()}>
        Go home.
      </Link>
    </StatusPage>
  );
}
