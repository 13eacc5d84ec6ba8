import type { Post, ThreadComment } from '@quorum/shared/types';
import { describe, expect, it } from 'vitest';
import { commentsOfPost, pageOfPost } from './thread-comments.ts';

const post = { id: 'p1', publicId: 'abc', title: 'A title', communityId: 'c1', communityName: 'general' } as Post;
const comment = { id: 'k1', parentId: null, depth: 0, body: 'Hi', upvotes: 3 } as ThreadComment;

describe('commentsOfPost', () => {
  it('puts the post\'s fields back into each comment and keeps the rest', () => {
    expect(commentsOfPost([comment], post)).toEqual([
      { ...comment, postId: 'p1', postPublicId: 'abc', postTitle: 'A title', communityId: 'c1', communityName: 'general' },
    ]);
  });

  it('does the same for a page, keeping its cursor', () => {
    const page = pageOfPost({ comments: [comment], next: 'cursor' }, post);
    expect(page.next).toBe('cursor');
    expect(page.comments[0]).toMatchObject({ id: 'k1', postPublicId: 'abc', communityName: 'general' });
  });
});
