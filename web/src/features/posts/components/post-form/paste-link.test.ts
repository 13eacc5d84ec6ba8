import { describe, expect, it } from 'vitest';
import { linkFromPaste } from './paste-link.ts';

describe('linkFromPaste', () => {
  it('wraps the selected text in a markdown link', () => {
    const value = 'Read the docs today';
    const start = value.indexOf('the docs');
    const result = linkFromPaste(value, start, start + 'the docs'.length, 'https://example.com/docs');
    expect(result).toEqual({
      text: '[the docs](https://example.com/docs)',
      value: 'Read [the docs](https://example.com/docs) today',
      caret: start + '[the docs](https://example.com/docs)'.length,
    });
  });

  it('works whichever way the selection was made', () => {
    expect(linkFromPaste('abc', 3, 0, 'http://x.org')?.value).toBe('[abc](http://x.org)');
  });

  it('trims the pasted address', () => {
    expect(linkFromPaste('abc', 0, 3, '  https://x.org/a \n')?.text).toBe('[abc](https://x.org/a)');
  });

  it('escapes brackets in the text and parentheses in the address', () => {
    expect(linkFromPaste('a [b] c', 0, 7, 'https://en.wikipedia.org/wiki/Foo_(bar)')?.text).toBe(
      '[a \\[b\\] c](https://en.wikipedia.org/wiki/Foo_%28bar%29)',
    );
  });

  it.each([
    ['nothing is selected', 'abc', 1, 1, 'https://x.org'],
    ['the clipboard is plain text', 'abc', 0, 3, 'just words'],
    ['the clipboard holds more than an address', 'abc', 0, 3, 'see https://x.org'],
    ['the address is not http or https', 'abc', 0, 3, 'javascript:alert(1)'],
    ['the selection is an address being replaced', 'https://old.org', 0, 15, 'https://new.org'],
    ['the selection is only spaces', 'a   b', 1, 4, 'https://x.org'],
  ])('leaves the paste alone when %s', (_case, value, start, end, pasted) => {
    expect(linkFromPaste(value, start, end, pasted)).toBeNull();
  });
});
