import { SIDEBAR_COMMUNITIES_SHOWN } from '@quorum/shared/constants';
import { useId, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { Avatar } from '../../components/ui/avatar.tsx';
import { paths } from '../../config/paths.ts';
import { useInitialData } from '../../lib/session/get-initial.ts';

/** The communities of the bootstrap data: the user's own, or the site's for visitors. */
export function SidebarCommunities() {
  const { user, communities } = useInitialData();
  const [expanded, setExpanded] = useState(false);
  const headingId = useId();
  const listId = useId();
  const shown = expanded ? communities : communities.slice(0, SIDEBAR_COMMUNITIES_SHOWN);
  const hiddenCount = communities.length - SIDEBAR_COMMUNITIES_SHOWN;

  return (
    <section className="sidebar__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="sidebar__heading">
        {user ? 'My communities' : 'Communities'}
      </h2>
      {communities.length === 0 ? (
        <p className="sidebar__empty">
          {user ? "You haven't joined any communities yet." : 'Find a place to start.'}{' '}
          <NavLink to={paths.communities.getHref()}>Browse communities</NavLink>
        </p>
      ) : (
        <ul id={listId} className="sidebar__list">
          {shown.map((community) => (
            <li key={community.id}>
              <NavLink className="sidebar__link" to={paths.community.getHref(community.name)}>
                <Avatar name={community.name} image={community.proPic} size={20} />
                <span className="sidebar__link-text">{community.name}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      )}
      {hiddenCount > 0 && (
        <button
          type="button"
          className="sidebar__more"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'Show less' : `Show ${hiddenCount} more`}
        </button>
      )}
    </section>
  );
}
