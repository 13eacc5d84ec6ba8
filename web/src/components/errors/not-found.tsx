import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { StatusPage } from './status-page.tsx';

export function NotFoundPage() {
  return (
    <StatusPage title="404: Not found!">
      <p className="status-page__text">The page you're looking for does not exist.</p>
      <Link className="button button--primary" to={paths.home.getHref()}>
        Go home.
      </Link>
    </StatusPage>
  );
}
