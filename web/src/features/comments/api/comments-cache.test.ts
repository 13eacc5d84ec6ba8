import type { Comment, CommentsPage } from '@quorum/shared/entities/comments';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { writeComment } from '../../../lib/cache/comment-cache.ts';
import { insertCachedComment, mapCachedComments } from './comments-cache.ts';
import type { CommentPages } from './get-comments.ts';
import { commentKeys } from './keys.ts';

function comment(id: string, ancestors: string[] = [], noReplies = 0): Comment {
  return { id, ancestors, parentId: ancestors.at(-1) ?? null, depth: ancestors.length, noReplies, postPublicId: 'pub', upvotes: 1 } as Comment;
}

const pages = (...lists: Comment[][]): CommentPages => ({
  pages: lists.map((comments, i) => ({ comments, next: i < lists.length - 1 ? `n${i}` : null })),
  pageParams: lists.map((_, i) => (i === 0 ? null : `n${i - 1}`)),
});

const ids = (list: Comment[] | undefined) => list?.map((item) => item.id);

function client() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(commentKeys.list('pub'), pages([comment('a', [], 1), comment('a1', ['a'])], [comment('b', [], 2)]));
  queryClient.setQueryData<CommentsPage>(commentKeys.replies('pub', 'b'), { comments: [comment('b1', ['b'], 1), comment('b2', ['b', 'b1'])], next: null });
  return queryClient;
}

describe('mapCachedComments', () => {
  it('keeps the same data when nothing changes', () => {
    const data = pages([comment('a')]);
    expect(mapCachedComments(data, (item) => item)).toBe(data);
  });
});

describe('writeComment', () => {
  it('changes the comment in every list of the post that holds it', () => {
    const queryClient = client();
    queryClient.setQueryData<CommentsPage>(commentKeys.thread('pub', 'a1'), { comments: [comment('a'), comment('a1', ['a'])], next: null });
    writeComment(queryClient, 'a1', (item) => ({ ...item, upvotes: 9 }));
    const list = queryClient.getQueryData<CommentPages>(commentKeys.list('pub'));
    const thread = queryClient.getQueryData<CommentsPage>(commentKeys.thread('pub', 'a1'));
    expect(list?.pages[0]?.comments[1]?.upvotes).toBe(9);
    expect(thread?.comments[1]?.upvotes).toBe(9);
  });
});

describe('insertCachedComment', () => {
  it('puts a top-level comment first on the first page', () => {
    const queryClient = client();
    insertCachedComment(queryClient, 'pub', comment('new'));
    expect(ids(queryClient.getQueryData<CommentPages>(commentKeys.list('pub'))?.pages[0]?.comments)).toEqual(['new', 'a', 'a1']);
  });

  it('puts a reply in the page that holds its parent and counts it above', () => {
    const queryClient = client();
    insertCachedComment(queryClient, 'pub', comment('b0', ['b']));
    const list = queryClient.getQueryData<CommentPages>(commentKeys.list('pub'));
    expect(ids(list?.pages[1]?.comments)).toEqual(['b0', 'b']);
    expect(list?.pages[1]?.comments[1]?.noReplies).toBe(3);
  });

  it('puts a reply in the subtree that holds its parent and counts it in every copy above', () => {
    const queryClient = client();
    insertCachedComment(queryClient, 'pub', comment('b3', ['b', 'b1']));
    const subtree = queryClient.getQueryData<CommentsPage>(commentKeys.replies('pub', 'b'));
    expect(ids(subtree?.comments)).toEqual(['b3', 'b1', 'b2']);
    expect(subtree?.comments[1]?.noReplies).toBe(2);
    expect(queryClient.getQueryData<CommentPages>(commentKeys.list('pub'))?.pages[1]?.comments[0]?.noReplies).toBe(3);
  });
});
