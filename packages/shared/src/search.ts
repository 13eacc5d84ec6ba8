import type { SearchType } from './entities/search.ts';

/** What the modifiers typed in a search box ask for, and the words left. */
export interface ParsedSearch {
  text: string;
  type: SearchType | null;
  community: string | null;
  author: string | null;
}

const TYPE_WORDS: Record<string, SearchType> = {
  post: 'posts',
  posts: 'posts',
  comment: 'comments',
  comments: 'comments',
  community: 'communities',
  communities: 'communities',
  user: 'users',
  users: 'users',
};

const NAME = /^[A-Za-z0-9_]+$/;

/** Words and "quoted phrases" (a phrase is never a modifier), in order. */
function tokens(query: string): string[] {
  return query.match(/"[^"]*"?|\S+/g) ?? [];
}

/**
 * Takes `in:community`, `author:name` (or `author:@name`) and `type:comment` (or post, community,
 * user, singular or plural) out of a search box's text; the last of each wins. Anything else,
 * including an unknown or malformed modifier, stays in the words searched for.
 */
export function parseSearch(query: string): ParsedSearch {
  const parsed: ParsedSearch = { text: '', type: null, community: null, author: null };
  const words: string[] = [];
  for (const token of tokens(query)) {
    const match = /^(in|author|type):(.+)$/i.exec(token);
    const key = match?.[1]?.toLowerCase();
    const value = match?.[2] ?? '';
    if (key === 'in' && NAME.test(value)) parsed.community = value;
    else if (key === 'author' && NAME.test(value.replace(/^@/, ''))) parsed.author = value.replace(/^@/, '');
    else if (key === 'type' && TYPE_WORDS[value.toLowerCase()]) parsed.type = TYPE_WORDS[value.toLowerCase()] ?? null;
    else words.push(token);
  }
  parsed.text = words.join(' ');
  return parsed;
}

/** What the words of a search ask for: how many words and phrases, and how many of them are not excluded (`-word`). */
export function countWords(text: string): { words: number; included: number } {
  // As websearch_to_tsquery reads them: `-"a phrase"` excludes the phrase, `or` joins words, and a
  // lone `-` or quote mark stands for nothing.
  const words = (text.match(/-?"[^"]*"?|\S+/g) ?? []).filter((token) => !/^or$/i.test(token) && /[\p{L}\p{N}]/u.test(token));
  return { words: words.length, included: words.filter((word) => !word.startsWith('-')).length };
}
