import { describe, expect, it } from 'vitest';
import { countWords, parseSearch } from './search.ts';

describe('parseSearch', () => {
  it('keeps plain words as they are', () => {
    expect(parseSearch('basil  indoors')).toEqual({ text: 'basil indoors', type: null, community: null, author: null });
  });

  it('takes the modifiers out, in any case, the last of each winning', () => {
    expect(parseSearch('IN:gardening basil author:@Ann type:comment in:plants')).toEqual({
      text: 'basil', type: 'comments', community: 'plants', author: 'Ann',
    });
    expect(parseSearch('type:users an')).toMatchObject({ type: 'users', text: 'an' });
    expect(parseSearch('type:community')).toMatchObject({ type: 'communities', text: '' });
  });

  it('leaves unknown or malformed modifiers and quoted phrases among the words', () => {
    expect(parseSearch('in: type:poems author:a-b site:example.com')).toEqual({
      text: 'in: type:poems author:a-b site:example.com', type: null, community: null, author: null,
    });
    expect(parseSearch('"in:plants is a phrase" -weeds OR mulch')).toEqual({
      text: '"in:plants is a phrase" -weeds OR mulch', type: null, community: null, author: null,
    });
  });
});

describe('countWords', () => {
  it('counts words and phrases, and those not excluded', () => {
    expect(countWords('basil indoors')).toEqual({ words: 2, included: 2 });
    expect(countWords('"window box" -mint or thyme')).toEqual({ words: 3, included: 2 });
    expect(countWords('-mint -"window box" - " ')).toEqual({ words: 2, included: 0 });
    expect(countWords('')).toEqual({ words: 0, included: 0 });
    expect(countWords('café 42')).toEqual({ words: 2, included: 2 });
  });
});
