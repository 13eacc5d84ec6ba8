import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import './static-page.css';

interface StaticPageProps {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}

/** The reading layout of the about, guidelines, legal and help pages. */
export function StaticPage({ title, lead, children }: StaticPageProps) {
  useDocumentTitle(title);
  return (
    <article className="card prose">
      <h1>{title}</h1>
      {lead && <p className="prose__lead">{lead}</p>}
      {children}
    </article>
  );
}
