import type { Comment } from '@quorum/shared/entities/comments';
import type { Community } from '@quorum/shared/entities/communities';
import type { Post } from '@quorum/shared/entities/posts';
import type { SearchResult, SearchSort, SearchSuggestions, SearchType } from '@quorum/shared/entities/search';
import type { User } from '@quorum/shared/entities/users';
import { isComment } from '../../lib/cache/comment-cache.ts';
import { isCommunity } from '../../lib/cache/community-cache.ts';
import { isPost } from '../../lib/cache/post-cache.ts';
import { isUser } from '../../lib/cache/user-cache.ts';
import { markWords } from './highlight.ts';

/** Every post, comment, community and user found in some cached data, once each. */
export interface SavedEntities {
  posts: Post[];
  comments: Comment[];
  communities: Community[];
  users: User[];
}

/** Walks cached query data (any shape) and picks out the entities in it. */
export function collectEntities(values: Iterable<unknown>): SavedEntities {
  const found = { posts: new Map<string, Post>(), comments: new Map<string, Comment>(), communities: new Map<string, Community>(), users: new Map<string, User>() };
  const seen = new Set<object>();
  const visit = (value: unknown): void => {
    if (value === null || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (isPost(value)) {
      if (!found.posts.has(value.id)) found.posts.set(value.id, value);
    } else if (isComment(value)) {
      if (!found.comments.has(value.id)) found.comments.set(value.id, value);
    } else if (isCommunity(value)) {
      if (!found.communities.has(value.id)) found.communities.set(value.id, value);
    } else if (isUser(value)) {
      if (!found.users.has(value.id)) found.users.set(value.id, value);
    }
    for (const child of Object.values(value)) visit(child);
  };
  for (const value of values) visit(value);
  return {
    posts: [...found.posts.values()],
    comments: [...found.comments.values()],
    communities: [...found.communities.values()],
    users: [...found.users.values()],
  };
}

/** The words of a search text, lower case; a "quoted phrase" is one word. */
export function searchWords(text: string): string[] {
  return (text.match(/"[^"]*"?|\S+/g) ?? []).map((word) => word.replace(/"/g, '').trim().toLowerCase()).filter(Boolean);
}

/** Whether every word occurs somewhere in the texts (case-insensitively). */
export function matchesAll(words: readonly string[], ...texts: Array<string | null | undefined>): boolean {
  const haystack = texts.filter(Boolean).join('\n').toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export interface SavedSearch {
  /** The words, modifiers taken out. */
  text: string;
  type: SearchType;
  community: string | null;
  author: string | null;
  sort: SearchSort;
}

const same = (a: string, b: string | null) => b === null || a.toLowerCase() === b.toLowerCase();
const score = (item: { upvotes: number; downvotes: number }) => item.upvotes - item.downvotes;
const newest = (a: { createdAt: string }, b: { createdAt: string }) => b.createdAt.localeCompare(a.createdAt);

/** An excerpt of a long text around its first matched word, so the match shows. */
function around(text: string, words: readonly string[], size = 240): string {
  if (text.length <= size) return text;
  const lower = text.toLowerCase();
  const at = Math.min(...words.map((word) => lower.indexOf(word)).filter((index) => index >= 0), text.length);
  const start = at === text.length ? 0 : Math.max(0, at - size / 3);
  return `${start > 0 ? '…' : ''}${text.slice(start, start + size)}${start + size < text.length ? '…' : ''}`;
}

function ordered<T extends { createdAt: string; upvotes: number; downvotes: number }>(items: T[], sort: SearchSort, relevance: (item: T) => number): T[] {
  if (sort === 'new') return items.sort(newest);
  if (sort === 'top') return items.sort((a, b) => score(b) - score(a) || newest(a, b));
  return items.sort((a, b) => relevance(b) - relevance(a) || newest(a, b));
}

/**
 * A search run over saved data only: every word must occur (any case) in a post's title or body,
 * a comment's body, a community's name or description, or a user's name or about text. Without
 * words, posts and comments of the community or author asked for are listed.
 */
export function searchSaved(saved: SavedEntities, search: SavedSearch): SearchResult[] {
  const words = searchWords(search.text);
  const names = search.type === 'communities' || search.type === 'users';
  if (words.length === 0 && (names || (search.community === null && search.author === null))) return [];

  switch (search.type) {
    case 'posts': {
      const posts = saved.posts.filter(
        (post) => !post.deleted && same(post.communityName, search.community) && same(post.username, search.author) && matchesAll(words, post.title, post.body),
      );
      return ordered(posts, search.sort, (post) => (matchesAll(words, post.title) ? 1 : 0)).map((post) => ({
        type: 'post',
        post,
        highlight: { title: markWords(post.title, words), body: post.body && words.length > 0 ? markWords(around(post.body, words), words) : null },
      }));
    }
    case 'comments': {
      const comments = saved.comments.filter(
        (comment) => !comment.deleted && same(comment.communityName, search.community) && same(comment.username, search.author) && matchesAll(words, comment.body),
      );
      return ordered(comments, search.sort, () => 0).map((comment) => ({ type: 'comment', comment, highlight: { body: markWords(around(comment.body, words), words) } }));
    }
    case 'communities':
      return saved.communities
        .filter((community) => matchesAll(words, community.name, community.about))
        .sort((a, b) => Number(matchesAll(words, b.name)) - Number(matchesAll(words, a.name)) || b.noMembers - a.noMembers)
        .map((community) => ({ type: 'community', community }));
    case 'users':
      return saved.users
        .filter((user) => !user.deleted && matchesAll(words, user.username, user.aboutMe))
        .sort((a, b) => Number(matchesAll(words, b.username)) - Number(matchesAll(words, a.username)) || b.points - a.points)
        .map((user) => ({ type: 'user', user }));
  }
}

/** Suggestions from saved data: communities and users whose names start with the text. */
export function suggestSaved(saved: SavedEntities, text: string, limit: number): SearchSuggestions {
  const prefix = text.trim().replace(/^[@/]+/, '').toLowerCase();
  if (!prefix) return { communities: [], users: [] };
  return {
    communities: saved.communities.filter((community) => community.name.toLowerCase().startsWith(prefix)).slice(0, limit),
    users: saved.users.filter((user) => !user.deleted && user.username.toLowerCase().startsWith(prefix)).slice(0, limit),
  };
}
