import type { Post } from '@quorum/shared/entities/posts';
import { VoteButtons } from '../../../../components/ui/vote-buttons.tsx';
import { useRequireLogin } from '../../../../lib/session/login-prompt.ts';
import { useVotePost } from '../../api/vote-post.ts';

interface PostVotesProps {
  post: Post;
  /** `row` for a card's action bar, `column` for the compact layout's side. */
  orientation?: 'row' | 'column';
  /** Voting off for other reasons than a lock (posts shown in modtools). */
  disabled?: boolean;
}

/**
 * The post's votes: they apply at once, wait in the outbox while offline (marked pending) and
 * roll back if refused; visitors get the login prompt; locked posts, and posts awaiting approval,
 * cannot be voted on.
 */
export function PostVotes({ post, orientation = 'row', disabled = false }: PostVotesProps) {
  const { vote, shown, pending } = useVotePost(post);
  const { requireLogin } = useRequireLogin();
  return (
    <VoteButtons
      upvotes={shown.upvotes}
      downvotes={shown.downvotes}
      vote={shown.vote}
      onVote={requireLogin(vote)}
      disabled={disabled || post.locked || post.held}
      orientation={orientation}
      scoreTestId="post-score"
      title={post.locked ? 'This post is locked.' : post.held ? 'This post is awaiting approval.' : undefined}
      pending={pending?.state === 'pending'}
    />
  );
}
