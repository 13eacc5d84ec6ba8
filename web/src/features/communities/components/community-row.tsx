import type { Community } from '@quorum/shared/entities/communities';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { membersLabel } from './community-header.tsx';
import { JoinButton } from './join-button.tsx';
import './communities.css';
import './communities-list.css';

/** The description as plain text for a one- or two-line excerpt: link targets and markdown marks go. */
function excerpt(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*~`#>|]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** One community in the all-communities list: icon, name, members, the start of its description, Join. */
export function CommunityRow({ community }: { community: Community }) {
  const nameId = useId();
  return (
    <article className="community-row" aria-labelledby={nameId}>
      <Avatar name={community.name} image={community.proPic} size={48} />
      <div className="community-row__text">
        <h2 className="community-row__name" id={nameId}>
          <Link to={paths.community.getHref(community.name)} className="community-row__link">
            {community.name}
          </Link>
        </h2>
        <p className="community-row__meta">{membersLabel(community.noMembers)}</p>
        {community.about && <p className="community-row__about">{excerpt(community.about)}</p>}
      </div>
      <JoinButton community={community} className="community-row__join" />
    </article>
  );
}

export function CommunityRowSkeleton() {
  return (
    <div className="community-row" aria-hidden="true">
      <Skeleton width={48} height={48} radius={999} />
      <div className="community-row__text">
        <Skeleton width="35%" height={18} />
        <Skeleton width="20%" height={14} />
        <Skeleton width="80%" height={14} />
      </div>
      <Skeleton width={72} height={38} radius={999} />
    </div>
  );
}
