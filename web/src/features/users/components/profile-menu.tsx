import type { User } from '@quorum/shared/entities/users';
import { useState } from 'react';
import { Icon } from '../../../components/ui/icon.tsx';
import { Menu, MenuButton, MenuSeparator } from '../../../components/ui/menu.tsx';
import { paths } from '../../../config/paths.ts';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { useCopyId, useCopyLink } from '../../../lib/clipboard.ts';
import { useSessionUser } from '../../../lib/session/get-initial.ts';
import { useMute } from '../../../lib/session/mutes.ts';
import { useSetSupporterBadge } from '../api/set-supporter-badge.ts';
import { BanUserDialog } from './ban-user-dialog.tsx';

function MuteItem({ user }: { user: User }) {
  const target = { type: 'user', id: user.id, name: user.username } as const;
  const { muted, toggle } = useMute(target);
  return (
    <MenuButton onSelect={toggle}>
      <Icon name={muted ? 'unmute' : 'mute'} />
      {muted ? `Unmute @${user.username}` : `Mute @${user.username}`}
    </MenuButton>
  );
}

function SupporterItem({ user }: { user: User }) {
  const alerts = useAlerts();
  const setBadge = useSetSupporterBadge();
  const supporter = user.badges.some((badge) => badge.type === 'supporter');
  return (
    <MenuButton
      onSelect={() =>
        setBadge.mutate(
          { username: user.username, supporter: !supporter },
          { onSuccess: () => alerts.show(supporter ? 'Supporter badge removed.' : 'Supporter badge added.') },
        )
      }
    >
      <Icon name="shield" />
      {supporter ? 'Remove supporter badge' : 'Give supporter badge'}
    </MenuButton>
  );
}

/**
 * The profile's menu: copy its address; mute or unmute for other users; the supporter badge and
 * the site ban for admins (admins themselves cannot be banned), and the user's id.
 */
export function ProfileMenu({ user }: { user: User }) {
  const viewer = useSessionUser();
  const copyLink = useCopyLink();
  const copyId = useCopyId();
  const [banning, setBanning] = useState(false);
  const isSelf = viewer?.id === user.id;
  return (
    <>
      <Menu label="Profile options" buttonClassName="icon-button profile-header__more" button={<Icon name="more" />}>
        <MenuButton onSelect={() => void copyLink(paths.profile.getHref(user.username))}>
          <Icon name="link" />
          Copy link
        </MenuButton>
        {viewer && !isSelf && !user.deleted && <MuteItem user={user} />}
        {viewer?.isAdmin && (
          <MenuButton onSelect={() => void copyId(user.id)}>
            <Icon name="document" />
            Copy user ID
          </MenuButton>
        )}
        {viewer?.isAdmin && !user.deleted && (
          <>
            <MenuSeparator />
            <SupporterItem user={user} />
            {!user.isAdmin && (
              <MenuButton onSelect={() => setBanning(true)}>
                <Icon name="lock" />
                {user.isBanned ? 'Unban user' : 'Ban user'}
              </MenuButton>
            )}
          </>
        )}
      </Menu>
      {banning && <BanUserDialog user={user} onClose={() => setBanning(false)} />}
    </>
  );
}
