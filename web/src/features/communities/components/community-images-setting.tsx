import type { Community } from '@quorum/shared/entities/communities';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { CommunityBanner } from './community-banner.tsx';
import { CommunityImageEdit } from './community-image-edit.tsx';
import './communities.css';

/** The community's icon and banner as they show, each with its upload and remove control. */
export function CommunityImagesSetting({ community }: { community: Community }) {
  return (
    <div className="community-images">
      <div className="community-images__item">
        <span className="field__label">Icon</span>
        <div className="community-images__icon">
          <Avatar name={community.name} image={community.proPic} size={72} />
          <CommunityImageEdit community={community} kind="pro_pic" className="community-header__icon-edit" />
        </div>
      </div>
      <div className="community-images__item">
        <span className="field__label">Banner</span>
        <CommunityBanner community={community}>
          <CommunityImageEdit community={community} kind="banner_image" className="community-header__banner-edit" />
        </CommunityBanner>
      </div>
    </div>
  );
}
