import { useId } from 'react';
import { NavLink } from 'react-router-dom';
import { Icon } from '../../components/ui/icon.tsx';
import { paths } from '../../config/paths.ts';
import { useInitialData } from '../../lib/session/get-initial.ts';

/** How many lists the sidebar names before 'All lists' (chosen). */
const LISTS_SHOWN = 5;

/** 'My Lists': the user's latest updated lists and the way to all of them. */
export function SidebarLists() {
  const { user, lists } = useInitialData();
  const headingId = useId();
  if (!user) return null;
  return (
    <section className="sidebar__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="sidebar__heading">
        My Lists
      </h2>
      <ul className="sidebar__list">
        {lists.slice(0, LISTS_SHOWN).map((list) => (
          <li key={list.id}>
            <NavLink className="sidebar__link" to={paths.list.getHref(user.username, list.name)}>
              <Icon name="bookmark" />
              <span className="sidebar__link-text">{list.displayName}</span>
            </NavLink>
          </li>
        ))}
        <li>
          <NavLink className="sidebar__link" to={paths.lists.getHref(user.username)} end>
            <Icon name="list" />
            <span className="sidebar__link-text">{lists.length > 0 ? 'All lists' : 'Lists'}</span>
          </NavLink>
        </li>
      </ul>
    </section>
  );
}
