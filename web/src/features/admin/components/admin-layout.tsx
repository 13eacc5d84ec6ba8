import { useEffect, useRef, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { paths, type AdminPage } from '../../../config/paths.ts';
import './admin.css';

const NAV: ReadonlyArray<{ page?: AdminPage; label: string }> = [
  { label: 'Settings' },
  { page: 'users', label: 'Users' },
  { page: 'comments', label: 'Comments' },
  { page: 'communities', label: 'Communities' },
  { page: 'automod', label: 'Watched words' },
  { page: 'ipblocks', label: 'IP blocks' },
  { page: 'bss', label: 'Analytics' },
  { page: 'health', label: 'Health' },
  { page: 'new-community-requests', label: 'Community requests' },
];

/**
 * The admin dashboard's frame: its pages in a side column on wide screens, as a row of tabs that
 * scrolls sideways on narrow ones, beside the page on show.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const listRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();

  // On a phone the current page's tab may sit past the edge of the row: bring it into view.
  useEffect(() => {
    const list = listRef.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);

  return (
    <div className="admin">
      <nav className="admin__nav" aria-label="Admin dashboard">
        <h1 className="admin__title">Admin</h1>
        <ul ref={listRef} className="admin__nav-list">
          {NAV.map(({ page, label }) => (
            <li key={label}>
              <NavLink className="admin__nav-link" to={paths.admin.getHref(page)} end>
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="admin__page">{children}</div>
    </div>
  );
}

/** The heading row of an admin page, with its actions at the end. */
export function AdminPageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="admin-page__header">
      <h2 className="admin-page__title">{title}</h2>
      {children}
    </header>
  );
}
