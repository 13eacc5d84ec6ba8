import { describe, expect, it } from 'vitest';
import { RECENT_SEARCHES_MAX, parseRecentSearches, withRecentSearch } from './recent-searches.ts';

describe('recent searches', () => {
  it('puts the newest first and takes out an earlier copy in any case', () => {
    expect(withRecentSearch(['basil', 'tomatoes', 'pots'], '  Tomatoes ')).toEqual(['Tomatoes', 'basil', 'pots']);
  });

  it('collapses spaces and ignores an empty search', () => {
    expect(withRecentSearch(['a'], 'in:garden   basil\tpots')).toEqual(['in:garden basil pots', 'a']);
    expect(withRecentSearch(['a'], '   ')).toEqual(['a']);
  });

  it(`keeps the ${RECENT_SEARCHES_MAX} newest`, () => {
    let list: string[] = [];
    for (let i = 1; i <= RECENT_SEARCHES_MAX + 3; i++) list = withRecentSearch(list, `search ${i}`);
    expect(list).toHaveLength(RECENT_SEARCHES_MAX);
    expect(list[0]).toBe(`search ${RECENT_SEARCHES_MAX + 3}`);
    expect(list.at(-1)).toBe('search 4');
  });

  it('reads back only text entries from storage, and nothing from broken storage', () => {
    expect(parseRecentSearches(JSON.stringify(['one', 2, null, ' two ', '']))).toEqual(['one', 'two']);
    expect(parseRecentSearches('{"not":"a list"}')).toEqual([]);
    expect(parseRecentSearches('not json')).toEqual([]);
    expect(parseRecentSearches(null)).toEqual([]);
  });
});
