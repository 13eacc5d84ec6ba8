import type { Comment } from '@quorum/shared/entities/comments';
import type { Community } from '@quorum/shared/entities/communities';
import type { Post, PostsPage } from '@quorum/shared/entities/posts';
import type { User } from '@quorum/shared/entities/users';
import { describe, expect, it } from 'vitest';
import { collectEntities, searchSaved, searchWords, suggestSaved, type SavedSearch } from './offline-search.ts';

function community(id: string, name: string, about: string | null = null): Community {
  return { id, name, about, noMembers: Number(id), userJoined: false, userMod: false, isMuted: false, mods: [], rules: [] } as unknown as Community;
}

function post(id: string, title: string, extra: Partial<Post> = {}): Post {
  return {
    id, publicId: `p${id}`, title, body: null, upvotes: 1, downvotes: 0, username: 'ann', communityName: 'gardening', deleted: false, createdAt: `2026-01-0${id}T00:00:00Z`, ...extra,
  } as Post;
}

function comment(id: string, body: string, extra: Partial<Comment> = {}): Comment {
  return {
    id, postPublicId: 'p1', parentId: null, depth: 0, body, upvotes: 0, downvotes: 0, username: 'bob', communityName: 'gardening', deleted: false, createdAt: `2026-01-0${id}T00:00:00Z`, ...extra,
  } as unknown as Comment;
}

function user(id: string, username: string): User {
  return { id, username, points: 3, aboutMe: null, deleted: false } as unknown as User;
}

const gardening = community('5', 'gardening', 'Plants, pots and soil');
const feed: { pages: PostsPage[] } = {
  pages: [{ posts: [post('1', 'Keeping BASIL alive', { community: gardening }), post('2', 'Tomatoes', { body: 'Basil grows next to them' }), post('3', 'Removed basil', { deleted: true })], next: null }],
};
const postPage = { ...post('1', 'Keeping BASIL alive'), comments: [comment('1', 'Water the basil daily'), comment('2', 'I disagree')] };
const saved = collectEntities([feed, postPage, { users: [user('u1', 'basil_fan'), user('u2', 'ann')] }, undefined, 'text', [community('6', 'cooking')]]);

const search = (text: string, extra: Partial<SavedSearch> = {}) =>
  searchSaved(saved, { text, type: 'posts', community: null, author: null, sort: 'relevance', ...extra });

describe('collecting saved entities', () => {
  it('finds each post, comment, community and user once, at any depth', () => {
    expect(saved.posts.map((item) => item.id).sort()).toEqual(['1', '2', '3']);
    expect(saved.comments.map((item) => item.id).sort()).toEqual(['1', '2']);
    expect(saved.communities.map((item) => item.name).sort()).toEqual(['cooking', 'gardening']);
    expect(saved.users.map((item) => item.username).sort()).toEqual(['ann', 'basil_fan']);
  });
});

describe('searching saved data', () => {
  it('matches every word in any case, in the title or body, title matches first, deleted posts left out', () => {
    const results = search('basil');
    expect(results.map((result) => (result.type === 'post' ? result.post.id : null))).toEqual(['1', '2']);
    expect(results[0]).toMatchObject({ highlight: { title: 'Keeping <mark>BASIL</mark> alive' } });
    expect(search('basil tomatoes').map((result) => (result.type === 'post' ? result.post.id : null))).toEqual(['2']);
    expect(search('parsley')).toEqual([]);
  });

  it('sorts by newest when asked', () => {
    expect(search('basil', { sort: 'new' }).map((result) => (result.type === 'post' ? result.post.id : null))).toEqual(['2', '1']);
  });

  it('keeps to the community and author asked for, and lists them without words', () => {
    expect(search('basil', { community: 'cooking' })).toEqual([]);
    expect(search('', { author: 'ANN' })).toHaveLength(2);
    expect(search('')).toEqual([]);
  });

  it('searches comments, communities and users', () => {
    expect(search('BASIL', { type: 'comments' })).toEqual([{ type: 'comment', comment: saved.comments[0], highlight: { body: 'Water the <mark>basil</mark> daily' } }]);
    expect(search('pots', { type: 'communities' }).map((result) => (result.type === 'community' ? result.community.name : null))).toEqual(['gardening']);
    expect(search('basil', { type: 'users' }).map((result) => (result.type === 'user' ? result.user.username : null))).toEqual(['basil_fan']);
  });

  it('takes a quoted phrase as one word', () => {
    expect(searchWords('"keeping basil" alive')).toEqual(['keeping basil', 'alive']);
    expect(search('"basil alive"').map((result) => (result.type === 'post' ? result.post.id : null))).toEqual(['1']);
    expect(search('"alive basil"')).toEqual([]);
  });
});

describe('suggestions from saved data', () => {
  it('lists communities and users whose names start with the text', () => {
    const suggestions = suggestSaved(saved, '@BA', 5);
    expect(suggestions.users.map((item) => item.username)).toEqual(['basil_fan']);
    expect(suggestions.communities).toEqual([]);
    expect(suggestSaved(saved, 'g', 5).communities.map((item) => item.name)).toEqual(['gardening']);
    expect(suggestSaved(saved, ' ', 5)).toEqual({ communities: [], users: [] });
  });
});
