import type { Post } from '@quorum/shared/entities/posts';
import { MarkdownBody } from '../../../../components/markdown/markdown.tsx';
import { Icon } from '../../../../components/ui/icon.tsx';
import { ImageView } from '../../../../components/ui/image-view.tsx';
import { ImageGallery } from './image-gallery.tsx';
import { parseYouTubeLink } from './youtube.ts';
import { YouTubeEmbed } from './youtube-embed.tsx';
import './post-page.css';

function LinkCard({ post }: { post: Post }) {
  if (!post.link) return null;
  const { url, hostname, image } = post.link;
  return (
    <a className="post-link" href={url} target="_blank" rel="noopener noreferrer nofollow ugc">
      {image && <ImageView image={image} sizes="112px" fit="cover" alt="" className="post-link__thumb" />}
      <span className="post-link__text">
        <span className="post-link__host">{hostname}</span>
        <span className="post-link__url">{url}</span>
      </span>
      <Icon name="externalLink" size={18} className="icon post-link__icon" />
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * What a post says or shows: its markdown body, its pictures, or its link (a YouTube player for
 * YouTube links unless the reader turned embeds off).
 */
export function PostContent({ post, embedsOff }: { post: Post; embedsOff: boolean }) {
  const video = post.type === 'link' && post.link && !embedsOff ? parseYouTubeLink(post.link.url) : null;
  return (
    <div className="post-content">
      {post.type === 'link' && (
        <>
          {video && <YouTubeEmbed video={video} title={post.title} />}
          <LinkCard post={post} />
        </>
      )}
      {post.type === 'image' && post.images.length > 0 && <ImageGallery images={post.images} title={post.title} />}
      {post.body && <MarkdownBody className="post-content__body">{post.body}</MarkdownBody>}
    </div>
  );
}
