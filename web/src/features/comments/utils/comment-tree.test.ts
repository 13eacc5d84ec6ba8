import type { Comment } from '@quorum/shared/entities/comments';
import { describe, expect, it } from 'vitest';
import { buildCommentTree, focusedThread, isNewComment, uniqueComments } from './comment-tree.ts';

/** A comment as a thread's answer makes it (without `ancestors`); `above` only sets its parent and depth. */
function comment(id: string, above: string[] = [], extra: Partial<Comment> = {}): Comment {
  return {
    id,
    postId: 'p',
    postPublicId: 'pub',
    parentId: above.at(-1) ?? null,
    depth: above.length,
    body: `body of ${id}`,
    userId: 'u',
    username: 'someone',
    communityId: 'c',
    communityName: 'general',
    author: { username: 'someone', proPic: null },
    userDeleted: false,
    userGhostId: null,
    userGroup: 'normal',
    upvotes: 1,
    downvotes: 0,
    userVoted: false,
    userVotedUp: false,
    noReplies: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    editedAt: null,
    deleted: false,
    deletedAt: null,
    deletedAs: null,
    contentStripped: false,
    isAuthorMuted: false,
    held: false,
    ...extra,
  };
}

const ids = (nodes: { comment: Comment }[]) => nodes.map((node) => node.comment.id);

describe('buildCommentTree', () => {
  it('nests replies under their parents and keeps the order comments came in', () => {
    const tree = buildCommentTree([
      comment('a', [], { noReplies: 3 }),
      comment('b'),
      comment('a2', ['a'], { noReplies: 1 }),
      comment('a1', ['a']),
      comment('a2x', ['a', 'a2']),
    ]);
    expect(ids(tree.roots)).toEqual(['a', 'b']);
    const a = tree.roots[0];
    expect(a && ids(a.children)).toEqual(['a2', 'a1']);
    expect(a?.children[0] && ids(a.children[0].children)).toEqual(['a2x']);
    expect(tree.byId.size).toBe(5);
  });

  it('finds a parent that arrived after its reply', () => {
    const tree = buildCommentTree([comment('r', ['p']), comment('p', [], { noReplies: 1 })]);
    expect(ids(tree.roots)).toEqual(['p']);
    expect(tree.roots[0]?.children.map((node) => node.comment.id)).toEqual(['r']);
  });

  it('keeps the first copy of a comment that several lists hold', () => {
    const tree = buildCommentTree([comment('a', [], { body: 'first' }), comment('b'), comment('a', [], { body: 'second' })]);
    expect(ids(tree.roots)).toEqual(['a', 'b']);
    expect(tree.roots[0]?.comment.body).toBe('first');
  });

  it('leaves out a reply whose parent is missing', () => {
    const tree = buildCommentTree([comment('a', [], { noReplies: 2 }), comment('deep', ['a', 'missing'])]);
    expect(tree.byId.has('deep')).toBe(false);
    expect(tree.roots[0]?.missingReplies).toBe(2);
  });

  it('counts the replies that did not arrive, at the comment that misses them', () => {
    // a has 5 replies in all: b (with 2 of its own, 1 loaded) and two more direct replies not loaded.
    const tree = buildCommentTree([
      comment('a', [], { noReplies: 5 }),
      comment('b', ['a'], { noReplies: 2 }),
      comment('c', ['a', 'b']),
    ]);
    const a = tree.byId.get('a');
    const b = tree.byId.get('b');
    expect(a?.missingReplies).toBe(2);
    expect(b?.missingReplies).toBe(1);
    expect(tree.byId.get('c')?.missingReplies).toBe(0);
  });

  it('claims nothing missing when every reply is there', () => {
    const tree = buildCommentTree([comment('a', [], { noReplies: 2 }), comment('b', ['a'], { noReplies: 1 }), comment('c', ['a', 'b'])]);
    expect([...tree.byId.values()].map((node) => node.missingReplies)).toEqual([0, 0, 0]);
  });

  it('builds only the focused thread, without claiming the siblings left out', () => {
    const comments = [
      comment('root', [], { noReplies: 4 }),
      comment('other-root'),
      comment('sibling', ['root']),
      comment('focus', ['root'], { noReplies: 2 }),
      comment('reply', ['root', 'focus'], { noReplies: 1 }),
      comment('reply2', ['root', 'focus', 'reply']),
    ];
    const tree = buildCommentTree(comments, 'focus');
    expect(ids(tree.roots)).toEqual(['root']);
    expect(tree.roots[0] && ids(tree.roots[0].children)).toEqual(['focus']);
    expect(tree.byId.has('sibling')).toBe(false);
    expect(tree.byId.has('other-root')).toBe(false);
    expect(tree.byId.get('root')?.missingReplies).toBe(0);
    expect(tree.byId.get('reply2')).toBeDefined();
  });

  it('is empty when the focused comment is not loaded', () => {
    expect(buildCommentTree([comment('a')], 'nope').roots).toEqual([]);
  });

  it('handles fifteen levels', () => {
    const chain: Comment[] = [];
    for (let depth = 0; depth <= 15; depth++) {
      const ancestors = chain.map((item) => item.id);
      chain.push(comment(`d${depth}`, ancestors, { noReplies: 15 - depth }));
    }
    const tree = buildCommentTree([...chain].reverse());
    let node = tree.roots[0];
    let levels = 0;
    while (node?.children[0]) {
      node = node.children[0];
      levels += 1;
    }
    expect(levels).toBe(15);
    expect([...tree.byId.values()].every((item) => item.missingReplies === 0)).toBe(true);
  });
});

describe('uniqueComments and focusedThread', () => {
  it('drops repeats', () => {
    expect(uniqueComments([comment('a'), comment('a'), comment('b')]).map((item) => item.id)).toEqual(['a', 'b']);
  });

  it('keeps the path, the comment and everything under it', () => {
    const list = [comment('r'), comment('x', ['r']), comment('f', ['r']), comment('g', ['r', 'f'])];
    expect(focusedThread(list, 'f').map((item) => item.id)).toEqual(['r', 'f', 'g']);
  });

  it('follows parents through every level, above and below the comment', () => {
    const list = [
      comment('r'), comment('a', ['r']), comment('s', ['r', 'a']), comment('f', ['r', 'a']),
      comment('g', ['r', 'a', 'f']), comment('h', ['r', 'a', 'f', 'g']), comment('x', ['r']), comment('y', ['r', 'x']),
    ];
    expect(focusedThread(list, 'f').map((item) => item.id)).toEqual(['r', 'a', 'f', 'g', 'h']);
  });
});

describe('isNewComment', () => {
  it('is new only when written after the last visit', () => {
    const item = comment('a', [], { createdAt: '2026-02-01T12:00:00.000Z' });
    expect(isNewComment(item, '2026-02-01T11:00:00.000Z')).toBe(true);
    expect(isNewComment(item, '2026-02-01T13:00:00.000Z')).toBe(false);
    expect(isNewComment(item, null)).toBe(false);
  });
});
