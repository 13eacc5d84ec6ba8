import type { Post } from '@quorum/shared/entities/posts';
import { Icon } from '../../../../components/ui/icon.tsx';
import { Menu, MenuButton, MenuSeparator } from '../../../../components/ui/menu.tsx';
import { paths } from '../../../../config/paths.ts';
import { useCopyLink } from '../../../../lib/clipboard.ts';
import { useContentActions } from '../../../../lib/content-actions.ts';
import { useSessionUser } from '../../../../lib/session/get-initial.ts';
import { useRequireLogin } from '../../../../lib/session/login-prompt.ts';
import { useMute } from '../../../../lib/session/mutes.ts';
import { useSetPostHidden } from '../../api/hide-post.ts';
import { isAuthorHidden } from './post-byline.tsx';

function MuteItems({ post }: { post: Post }) {
  const { muted: userMuted, toggle: toggleUser } = useMute({ type: 'user', id: post.userId, name: post.username });
  const { muted: communityMuted, toggle: toggleCommunity } = useMute({ type: 'community', id: post.communityId, name: post.communityName });
  const self = useSessionUser()?.id === post.userId;
  return (
    <>
      {!self && !isAuthorHidden(post) && (
        <MenuButton onSelect={toggleUser}>
        <Icon name={userMuted ? 'unmute' : 'mute'} />
        {userMuted ? `Unmute @${post.username}` : `Mute @${post.username}`}
      </MenuButton>
    )}
    <MenuButton onSelect={toggleCommunity}>
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
  const content = useContentActions();
  const target = { type: 'post', id: post.id, authorId: post.userId } as const;
  const isOwn = useSessionUser()?.id === post.userId;

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
      <MenuButton onSelect={() => content.save(target)}>
        <Icon name="bookmark" />
        Save
      </MenuButton>
      {!isOwn && !post.deleted && (
        <MenuButton onSelect={() => content.report(target)}>
          <Icon name="flag" />
          Report
        </MenuButton>
      )}
      {isLoggedIn && (
        <>
          <MenuSeparator />
          <MuteItems post={post} />
        </>
      )}
    </Menu>
  );
}
