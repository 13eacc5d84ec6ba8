import { NotFoundPage } from '../../components/errors/not-found.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

export function NotFoundRoute() {
  useDocumentTitle('Not found');
  return <NotFoundPage />;
}
