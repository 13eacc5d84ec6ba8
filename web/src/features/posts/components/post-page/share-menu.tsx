import type { Post } from '@quorum/shared/entities/posts';
import { Icon } from '../../../../components/ui/icon.tsx';
import { MenuButton } from '../../../../components/ui/menu.tsx';
import { paths } from '../../../../config/paths.ts';
import { useBrowserSupports } from '../../../../hooks/use-browser-supports.ts';
import { useIsWideLayout } from '../../../../hooks/use-media-query.ts';
import { useCopyLink } from '../../../../lib/clipboard.ts';
import { PostPageActionMenu } from './post-page-action.tsx';

const hasShareSheet = () => typeof navigator.share === 'function';

/** The system share sheet is offered on screens up to the wide layout, where it is the native way to share. */
function useCanShareNatively(): boolean {
  const narrow = !useIsWideLayout();
  const supported = useBrowserSupports(hasShareSheet);
  return narrow && supported;
}

/** Share: copy the post's link, or hand it to the system share sheet where there is one. */
export function ShareMenu({ post }: { post: Post }) {
  const copyLink = useCopyLink();
  const canShare = useCanShareNatively();
  const path = paths.post.getHref(post.communityName, post.publicId);

  const share = async () => {
    try {
      await navigator.share({ title: post.title, url: new URL(path, window.location.origin).href });
    } catch {
      // Closing the share sheet rejects too; there is nothing to tell.
    }
  };

  return (
    <PostPageActionMenu name="Share" label="Share" icon="externalLink" align="start">
      <MenuButton onSelect={() => void copyLink(path)}>
        <Icon name="link" />
        Copy link
      </MenuButton>
      {canShare && (
        <MenuButton onSelect={() => void share()}>
          <Icon name="externalLink" />
          Share via…
        </MenuButton>
      )}
    </PostPageActionMenu>
  );
}
