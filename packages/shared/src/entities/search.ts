import { Type, type Static } from '@sinclair/typebox';
import { SEARCH_SORTS, SEARCH_TYPES } from '../constants.ts';
import { Comment } from './comments.ts';
import { Communities, Community } from './communities.ts';
import { Post } from './posts.ts';
import { AnyKind, Next, Nullable, OneOf } from './schema.ts';
import { User, Users } from './users.ts';

export type SearchType = (typeof SEARCH_TYPES)[number];
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** A search as the server understood it: the words left after the modifiers in the box were taken out. */
export const SearchQuery = Type.Object({
  text: Type.String(),
  type: OneOf(SEARCH_TYPES),
  /** From `in:name` or the `community` parameter. */
  community: Nullable(Type.String()),
  /** From `author:name` or the `author` parameter. */
  author: Nullable(Type.String()),
  sort: OneOf(SEARCH_SORTS),
});
export type SearchQuery = Static<typeof SearchQuery>;

/**
 * One search result. Highlights are HTML in which everything is escaped except the `<mark>` and
 * `</mark>` around the matched words.
 */
export const SearchResult = AnyKind(
  Type.Object({ type: Type.Literal('post'), post: Post, highlight: Type.Object({ title: Type.String(), body: Nullable(Type.String()) }) }),
  Type.Object({ type: Type.Literal('comment'), comment: Comment, highlight: Type.Object({ body: Type.String() }) }),
  Type.Object({ type: Type.Literal('community'), community: Community }),
  Type.Object({ type: Type.Literal('user'), user: User }),
);
export type SearchResult = Static<typeof SearchResult>;

export const SearchPage = Type.Object({ query: SearchQuery, items: Type.Array(SearchResult), next: Next });
export type SearchPage = Static<typeof SearchPage>;

export const SearchSuggestions = Type.Object({ communities: Communities, users: Users });
export type SearchSuggestions = Static<typeof SearchSuggestions>;
