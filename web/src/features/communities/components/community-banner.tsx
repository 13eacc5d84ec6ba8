import { AVATAR_COLORS } from '@quorum/shared/constants';
import { avatarColorIndex } from '@quorum/shared/format';
import type { Community } from '@quorum/shared/entities/communities';
import type { ReactNode } from 'react';
import { ImageView } from '../../../components/ui/image-view.tsx';
import './communities.css';

/** The community's banner picture, or a gradient in its avatar colour when it has none. */
export function CommunityBanner({ community, children }: { community: Community; children?: ReactNode }) {
  const color = AVATAR_COLORS[avatarColorIndex(community.name)] ?? AVATAR_COLORS[0];
  return (
    <div
      className="community-banner"
      style={community.bannerImage ? { backgroundColor: community.bannerImage.averageColor } : { ['--banner-color' as string]: color }}
      data-empty={community.bannerImage ? undefined : true}
    >
      {community.bannerImage && (
        <ImageView image={community.bannerImage} fit="cover" eager sizes="(max-width: 767px) 100vw, 900px" alt="" className="community-banner__image" />
      )}
      {children}
    </div>
  );
}
