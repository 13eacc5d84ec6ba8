import type { Community } from '@quorum/shared/entities/communities';
import { formatCount } from '@quorum/shared/format';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { Icon } from '../../../components/ui/icon.tsx';
import { MODTOOLS_SECTIONS, paths, type ModtoolsSection } from '../../../config/paths.ts';
import { heldOptions } from '../api/held.ts';
import './modtools.css';

export const SECTION_LABELS: Record<ModtoolsSection, string> = {
  settings: 'Community settings',
  reports: 'Reports',
  queue: 'Approval queue',
  removed: 'Removed',
  locked: 'Locked',
  banned: 'Banned',
  mods: 'Moderators',
  rules: 'Rules',
  automod: 'Watched words',
};

interface ModtoolsLayoutProps {
  community: Community;
  /** Whether the viewer is here as an admin rather than as one of the community's mods. */
  asAdmin: boolean;
  children: ReactNode;
}

/**
 * The moderation area of a community: its navigation (a column beside the page on wide screens,
 * a row of tabs that scrolls sideways on phones) and the chosen page.
 */
export function ModtoolsLayout({ community, asAdmin, children }: ModtoolsLayoutProps) {
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // The first page of the queue's own query, so the badge and the list always agree.
  const held = useInfiniteQuery(heldOptions(community.id));
  const waiting = held.data?.pages[0]?.count ?? 0;
  // On phones the row of tabs scrolls sideways: keep the current one in sight.
  useEffect(() => {
    const current = navRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const list = current?.closest('ul');
    if (!current || !list || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  return (
    <div className="modtools">
      <header className="modtools__header">
        <Link className="back-link" to={paths.community.getHref(community.name)}>
          <Icon name="chevronLeft" size={18} />
          <span>/{community.name}</span>
        </Link>
        <h1 className="modtools__title">
          Mod tools{asAdmin && <span className="group-badge group-badge--admins modtools__admin">Admin</span>}
        </h1>
      </header>
      <nav ref={navRef} className="modtools__nav" aria-label="Mod tools">
        <ul className="modtools__nav-list">
          {MODTOOLS_SECTIONS.map((section) => (
            <li key={section}>
              <NavLink className="modtools__nav-link" to={paths.communityModtools.getHref(community.name, section)}>
                {SECTION_LABELS[section]}
                {section === 'queue' && waiting > 0 && (
                  <span className="modtools__nav-count">
                    <span className="visually-hidden">, </span>
                    {formatCount(waiting)}
                    <span className="visually-hidden"> waiting</span>
                  </span>
                )}
              </NavLink>
            </li>
          ))}
          <li>
            <Link className="modtools__nav-link" to={paths.communityModLog.getHref(community.name)}>
              Moderation log
            </Link>
          </li>
        </ul>
      </nav>
      <div className="modtools__main">{children}</div>
    </div>
  );
}

interface ModtoolsPageProps {
  title: string;
  /** Controls beside the title (a filter). */
  actions?: ReactNode;
  children: ReactNode;
}

/** One page of the moderation area: its title and its content. */
export function ModtoolsPage({ title, actions, children }: ModtoolsPageProps) {
  return (
    <section className="modtools-page" aria-label={title}>
      <div className="modtools-page__head">
        <h2 className="modtools-page__title">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
