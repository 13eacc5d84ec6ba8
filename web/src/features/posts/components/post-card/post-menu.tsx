import type { Post } from '@quorum/shared/types';
import { Icon } from '../../../../components/ui/icon.tsx';
import { Menu, MenuButton, MenuSeparator } from '../../../../components/ui/menu.tsx';
import { paths } from '../../../../config/paths.ts';
import { useCopyLink } from '../../../../lib/clipboard.ts';
import { useSessionUser } from '../../../../lib/session/get-initial.ts';
import { useRequireLogin } from '../../../../lib/session/login-prompt.ts';
import { useIsMuted, useToggleMute } from '../../../../lib/session/mutes.ts';
import { useSetPostHidden } from '../../api/hide-post.ts';
import { isAuthorHidden } from './post-byline.tsx';

function MuteItems({ post }: { post: Post }) {
  const toggleMute = useToggleMute();
  const user = { type: 'user', id: post.userId, name: post.username } as const;
  const community = { type: 'community', id: post.communityId, name: post.communityName } as const;
  const userMuted = useIsMuted(user);
  const communityMuted = useIsMuted(community);
  const self = useSessionUser()?.id === post.userId;
  return (
    <>
      {!self && !isAuthorHidden(post) && (
        <MenuButton onSelect={() => toggleMute.mutate({ target: user, mute: !userMuted })}>
        <Icon name={userMuted ? 'unmute' : 'mute'} />
        {userMuted ? `Unmute @${post.username}` : `Mute @${post.username}`}
      </MenuButton>
    )}
    <MenuButton onSelect={() => toggleMute.mutate({ target: community, mute: !communityMuted })}>
      <Icon name={communityMuted ? 'unmute' : 'mute'} />
      {communityMuted ? `Unmute /${post.communityName}` : `Mute /${post.communityName}`}
    </MenuButton>
  </>
);
}

/** The "more" menu of a post in a feed: hide, copy link, and mutes for logged-in users. */
export function PostMenu({ post }: { post: Post }) {
  const copyLink = useCopyLink();
  const setHidden = useSetPostHidden();
  const { isLoggedIn, requireLogin } = useRequireLogin();

  return (
    <Menu label="More options" buttonClassName="icon-button icon-button--small post-card__more" button={<Icon name="more" />}>
      <MenuButton onSelect={requireLogin(() => setHidden.mutate({ post, hidden: true }))}>
        <Icon name="eyeOff" />
        Hide
      </MenuButton>
      <MenuButton onSelect={() => void copyLink(paths.post.getHref(post.communityName, post.publicId))}>
        <Icon name="link" />
        Copy link
      </MenuButton>
      {isLoggedIn && (
        <>
          <MenuSeparator />
          <MuteItems post={post} />
        </>
      )}
    </Menu>
  );
}
