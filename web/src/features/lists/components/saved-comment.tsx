import { COLLAPSED_HEIGHT_PX } from '@quorum/shared/constants';
import type { Comment } from '@quorum/shared/entities/comments';
import { Link } from 'react-router-dom';
import { MarkdownBody } from '../../../components/markdown/markdown.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { ShowMore } from '../../../components/ui/show-more.tsx';
import { TimeAgo } from '../../../components/ui/time-ago.tsx';
import { paths } from '../../../config/paths.ts';

/** A comment saved to a list: where it was written, by whom, and its words (gone once deleted). */
export function SavedComment({ comment }: { comment: Comment }) {
  const author = comment.author?.username ?? null;
  const href = paths.comment.getHref(comment.communityName, comment.postPublicId, comment.id);
  return (
    <article className="saved-comment card" aria-label={`Comment by ${author ? `@${author}` : '[deleted]'}`}>
      <p className="saved-comment__context">
        <Icon name="comment" size={16} />
        <span className="saved-comment__where">
          Comment on <Link to={paths.post.getHref(comment.communityName, comment.postPublicId)}>{comment.postTitle ?? 'a post'}</Link> in{' '}
          <Link to={paths.community.getHref(comment.communityName)}>/{comment.communityName}</Link>
        </span>
      </p>
      <div className="saved-comment__head">
        {author ? (
          <Link className="saved-comment__author" to={paths.profile.getHref(author)}>
            <Avatar name={author} image={comment.author?.proPic} size={20} />@{author}
          </Link>
        ) : (
          <span className="saved-comment__author">[deleted]</span>
        )}
        <span aria-hidden="true">·</span>
        <Link className="saved-comment__time" to={href}>
          <TimeAgo date={comment.createdAt} />
        </Link>
      </div>
      {comment.deleted ? (
        <p className="saved-comment__deleted">This comment has been deleted.</p>
      ) : (
        <ShowMore maxHeight={COLLAPSED_HEIGHT_PX.comment} className="saved-comment__body">
          <MarkdownBody rich>{comment.body}</MarkdownBody>
        </ShowMore>
      )}
    </article>
  );
}
