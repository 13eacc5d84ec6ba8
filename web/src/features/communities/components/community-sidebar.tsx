import type { Community } from '@quorum/shared/entities/communities';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { paths } from '../../../config/paths.ts';
import { CommunityAboutCard, CommunityRulesCard } from './community-info.tsx';
import { JoinButton } from './join-button.tsx';
import './communities.css';

/** A community beside a post or the post form: its name with a Join button, its description and its rules. */
export function CommunitySidebar({ community }: { community: Community }) {
  return (
    <>
      <section className="card community-summary">
        <Link className="community-summary__link" to={paths.community.getHref(community.name)}>
          <Avatar name={community.name} image={community.proPic} size={44} />
          <span className="community-summary__name">{community.name}</span>
        </Link>
        <JoinButton community={community} className="community-summary__join" />
      </section>
      <CommunityAboutCard community={community} />
      <CommunityRulesCard community={community} />
    </>
  );
}
