import type { Post } from '@quorum/shared/entities/posts';
import type { User, UserGroup } from '@quorum/shared/entities/users';
import { createContext, useContext } from 'react';
import type { RepliesState } from '../hooks/use-comment-thread.ts';

export interface CommentsContextValue {
  post: Post;
  user: User | null;
  /** The groups the viewer may speak or delete as, besides themself: mods and/or admins. */
  staffGroups: UserGroup[];
  /** Whether the viewer may write comments here now (logged-in or not: visitors get the prompt). */
  canComment: boolean;
  focusId: string | null;
  /** The permalinked comment opens with its reply box (a push's Reply action leads there). */
  replyToFocus: boolean;
  loadReplies: (parentId: string) => void;
  repliesState: (parentId: string) => RepliesState;
  /** The post's comment count moved by `delta`. */
  onCountChange: (delta: number) => void;
}

export const CommentsContext = createContext<CommentsContextValue | null>(null);

export function useCommentsContext(): CommentsContextValue {
  const value = useContext(CommentsContext);
  if (!value) throw new Error('Comments need a CommentsContext.');
  return value;
}
