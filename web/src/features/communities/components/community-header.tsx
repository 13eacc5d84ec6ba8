import { formatCount } from '@quorum/shared/format';
import type { Community } from '@quorum/shared/entities/communities';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { paths } from '../../../config/paths.ts';
import { useIsMobile } from '../../../hooks/use-media-query.ts';
import { useSessionUser } from '../../../lib/session/get-initial.ts';
import { CommunityBanner } from './community-banner.tsx';
import { CommunityImageEdit } from './community-image-edit.tsx';
import { CommunityMenu } from './community-menu.tsx';
import { JoinButton } from './join-button.tsx';
import './communities.css';

interface CommunityHeaderProps {
  community: Community;
}

export function membersLabel(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'member' : 'members'}`;
}

/**
 * The top of a community page: banner, icon, name, members, Join, Create post, the menu and,
 * for mods and admins, MOD TOOLS and the picture edit controls.
 */
export function CommunityHeader({ community }: CommunityHeaderProps) {
  const user = useSessionUser();
  const isMobile = useIsMobile();
  const canEdit = community.userMod || user?.isAdmin === true;
  const modToolsLabel = community.userMod ? 'MOD TOOLS' : user?.isAdmin ? 'MOD TOOLS (ADMIN)' : null;

  return (
    <header className="community-header card">
      <CommunityBanner community={community}>
        {canEdit && <CommunityImageEdit community={community} kind="banner_image" className="community-header__banner-edit" />}
      </CommunityBanner>
      <div className="community-header__body">
        <div className="community-header__icon">
          <Avatar name={community.name} image={community.proPic} size={isMobile ? 64 : 88} />
          {canEdit && <CommunityImageEdit community={community} kind="pro_pic" className="community-header__icon-edit" />}
        </div>
        <div className="community-header__text">
          <h1 className="community-header__name">{community.name}</h1>
          <p className="community-header__meta">
            <span>/{community.name}</span>
            <span aria-hidden="true">·</span>
            <span>{membersLabel(community.noMembers)}</span>
          </p>
        </div>
        <div className="community-header__actions">
          <JoinButton community={community} />
          {user && (
            <Link className="button community-header__create" to={paths.newPost.getHref({ community: community.name })}>
              <Icon name="plus" size={18} />
              <span>Create post</span>
            </Link>
          )}
          <CommunityMenu community={community} />
        </div>
      </div>
      {modToolsLabel && (
        <Link className="community-header__modtools" to={paths.communityModtools.getHref(community.name)}>
          <Icon name="shield" size={16} />
          {modToolsLabel}
        </Link>
      )}
    </header>
  );
}
