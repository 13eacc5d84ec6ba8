import { COLLAPSED_HEIGHT_PX } from '@quorum/shared/constants';
import type { Comment } from '@quorum/shared/entities/comments';
import { Link } from 'react-router-dom';
import { MarkdownBody } from '../../../components/markdown/markdown.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { ShowMore } from '../../../components/ui/show-more.tsx';
import { TimeAgo } from '../../../components/ui/time-ago.tsx';
import { paths } from '../../../config/paths.ts';
import './profile.css';

/** A comment in a profile's feed: where it was said, when, and what. */
export function ProfileComment({ comment }: { comment: Comment }) {
  const href = paths.comment.getHref(comment.communityName, comment.postPublicId, comment.id);
  return (
    <article className="profile-comment card">
      <p className="profile-comment__context">
        <Icon name="document" size={15} />
        <span>
          Commented on{' '}
          <Link className="profile-comment__post" to={paths.post.getHref(comment.communityName, comment.postPublicId)}>
            {comment.postTitle ?? 'a post'}
          </Link>{' '}
          in{' '}
          <Link className="profile-comment__community" to={paths.community.getHref(comment.communityName)}>
            /{comment.communityName}
          </Link>
        </span>
      </p>
      <ShowMore maxHeight={COLLAPSED_HEIGHT_PX.comment}>
        <MarkdownBody className="profile-comment__body">{comment.body}</MarkdownBody>
      </ShowMore>
      <p className="profile-comment__footer">
        <Link to={href} className="profile-comment__time" title="Go to this comment">
          <TimeAgo date={comment.createdAt} />
        </Link>
        <span aria-hidden="true">·</span>
        <span>
          {comment.upvotes - comment.downvotes} {Math.abs(comment.upvotes - comment.downvotes) === 1 ? 'point' : 'points'}
        </span>
      </p>
    </article>
  );
}
