import type { Comment, CommentsPage, Post, ThreadComment, ThreadPage } from '@quorum/shared/types';

/** What the comments of a thread repeat of their post. */
export type ThreadPost = Pick<Post, 'id' | 'publicId' | 'title' | 'communityId' | 'communityName'>;

/**
 * A thread's comments with their post's fields put back: the server sends those once, with the
 * post, and the rest of the app (votes, links, cache writers, offline search) reads them from
 * each comment.
 */
export function commentsOfPost(comments: readonly ThreadComment[], post: ThreadPost): Comment[] {
  return comments.map((comment) => ({
    ...comment,
    postId: post.id,
    postPublicId: post.publicId,
    postTitle: post.title,
    communityId: post.communityId,
    communityName: post.communityName,
  }));
}

/** A page of a thread's answer with its comments made whole (see commentsOfPost). */
export function pageOfPost(page: ThreadPage, post: ThreadPost): CommentsPage {
  return { ...page, comments: commentsOfPost(page.comments, post) };
}
