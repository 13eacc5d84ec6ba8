import { FailedWriteActions } from '../../../components/outbox/failed-write-actions.tsx';
import type { CreateCommentWrite } from '@quorum/client/outbox/writes';
import { usePendingComments } from '../api/create-comment.ts';

/**
 * The user's comments on this post that have not reached the server: waiting for the network, or
 * refused on a later send (with Retry and Discard). They join the thread once sent.
 */
export function PendingComments({ publicId }: { publicId: string }) {
  const entries = usePendingComments(publicId);
  if (entries.length === 0) return null;
  return (
    <ul className="pending-comments" aria-label="Comments not sent yet">
      {entries.map((entry) => {
        const write = entry.write as CreateCommentWrite;
        const failed = entry.state === 'failed';
        return (
          <li key={entry.key} className={`pending-comment${failed ? ' pending-comment--failed' : ''}`} data-testid="pending-comment">
            <p className="pending-comment__status" role={failed ? 'alert' : undefined}>
              {failed
                ? `Your ${write.parentId === null ? 'comment' : 'reply'} was not sent: ${entry.error ?? 'it was refused.'}`
                : `Your ${write.parentId === null ? 'comment' : 'reply'} will be sent when you are back online.`}
            </p>
            <p className="pending-comment__body">{write.body}</p>
            {failed && (
              <FailedWriteActions entryKey={entry.key} className="pending-comment__actions" />
            )}
          </li>
        );
      })}
    </ul>
  );
}
