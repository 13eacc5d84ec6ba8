import type { Post } from '@quorum/shared/entities/posts';
import { useRef } from 'react';
import { PostCard, type PostCardLayout } from '../post-card/post-card.tsx';
import { useRenderNear } from '../../hooks/use-render-near.ts';
import { HydratedApart } from '../../../../lib/hydrated-apart.tsx';

interface FeedItemProps {
  post: Post;
  layout: PostCardLayout;
  eager: boolean;
  initiallyRendered: boolean;
  showCommunity: boolean;
}

/** A guess at a post's height before it was ever rendered; it only matters off screen. */
function estimateHeight(post: Post, layout: PostCardLayout): number {
  if (layout === 'compact') return 96;
  if (post.type === 'image') return 520;
  return post.type === 'text' && post.body ? 260 : 170;
}

/** One post of a feed, rendered when near the viewport. */
export function FeedItem({ post, layout, eager, initiallyRendered, showCommunity }: FeedItemProps) {
  const ref = useRef<HTMLLIElement>(null);
  const { rendered, height } = useRenderNear(ref, initiallyRendered, estimateHeight(post, layout));
  return (
    <li ref={ref} className="feed__item" style={rendered ? undefined : { height }}>
      {rendered && (
        <HydratedApart>
          <PostCard post={post} layout={layout} eager={eager} showCommunity={showCommunity} />
        </HydratedApart>
      )}
    </li>
  );
}
