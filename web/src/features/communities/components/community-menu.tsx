import type { Community } from '@quorum/shared/entities/communities';
import { Icon } from '../../../components/ui/icon.tsx';
import { Menu, MenuButton, MenuLink } from '../../../components/ui/menu.tsx';
import { paths } from '../../../config/paths.ts';
import { useCopyLink } from '../../../lib/clipboard.ts';
import { useSessionUser } from '../../../lib/session/get-initial.ts';
import { useMute } from '../../../lib/session/mutes.ts';

function MuteItem({ community }: { community: Community }) {
  const { muted, toggle } = useMute({ type: 'community', id: community.id, name: community.name });
  return (
    <MenuButton onSelect={toggle}>
      <Icon name={muted ? 'unmute' : 'mute'} />
      {muted ? `Unmute /${community.name}` : `Mute /${community.name}`}
    </MenuButton>
  );
}

/** The community page's menu: mute or unmute (logged-in users), copy the address, and the moderation log. */
export function CommunityMenu({ community }: { community: Community }) {
  const copyLink = useCopyLink();
  const user = useSessionUser();
  return (
    <Menu label="Community options" buttonClassName="icon-button community-header__more" button={<Icon name="more" />}>
      {user && <MuteItem community={community} />}
      <MenuButton onSelect={() => void copyLink(paths.community.getHref(community.name))}>
        <Icon name="link" />
        Copy link
      </MenuButton>
      <MenuLink to={paths.communityModLog.getHref(community.name)}>
        <Icon name="shield" />
        Moderation log
      </MenuLink>
    </Menu>
  );
}
