import { describe, expect, it } from 'vitest';
import { decodeEntities, highlightParts, markdownHighlightParts, markWords } from './highlight.ts';

describe('highlight parts', () => {
  it('splits a highlight into plain and marked text', () => {
    expect(highlightParts('How to keep <mark>basil</mark> alive <mark>indoors</mark>')).toEqual([
      { text: 'How to keep ', marked: false },
      { text: 'basil', marked: true },
      { text: ' alive ', marked: false },
      { text: 'indoors', marked: true },
    ]);
  });

  it('turns escaped characters back into text, so markup someone typed is shown as typed and never rendered', () => {
    expect(highlightParts('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; <mark>it&#39;s</mark>')).toEqual([
      { text: '<script>alert("x")</script> & ', marked: false },
      { text: "it's", marked: true },
    ]);
    expect(highlightParts('&lt;mark&gt;typed&lt;/mark&gt;')).toEqual([{ text: '<mark>typed</mark>', marked: false }]);
  });

  it('keeps markup other than <mark> as literal text', () => {
    expect(highlightParts('<b>bold</b> <mark>word</mark>')).toEqual([
      { text: '<b>bold</b> ', marked: false },
      { text: 'word', marked: true },
    ]);
  });

  it('decodes numeric references and leaves unknown ones alone', () => {
    expect(decodeEntities('&#233;t&#xE9; &nope; &#0;')).toBe('été &nope; &#0;');
  });
});

describe('marking words in saved text', () => {
  it('escapes the text and marks every occurrence of the words in any case', () => {
    expect(markWords('Basil <b>and</b> more basil', ['basil'])).toBe('<mark>Basil</mark> &lt;b&gt;and&lt;/b&gt; more <mark>basil</mark>');
  });

  it('treats the words as text, not patterns, and round-trips through the parts', () => {
    const html = markWords('costs $5 (or more)', ['(or']);
    expect(html).toBe('costs $5 <mark>(or</mark> more)');
    expect(highlightParts(html).map((part) => part.text).join('')).toBe('costs $5 (or more)');
  });
});

describe('highlight parts of markdown', () => {
  it('shows the text without its syntax and keeps the marked words', () => {
    expect(markdownHighlightParts('## Why **<mark>basil</mark>** wilts\n&gt; see [the <mark>basil</mark> guide](https://example.com/<mark>basil</mark>)')).toEqual([
      { text: 'Why ', marked: false },
      { text: 'basil', marked: true },
      { text: ' wilts see the ', marked: false },
      { text: 'basil', marked: true },
      { text: ' guide', marked: false },
    ]);
  });

  it('keeps code as typed and escaped characters as text', () => {
    expect(markdownHighlightParts('Run `npm i **<mark>basil</mark>**` &amp; &lt;b&gt;go&lt;/b&gt;')).toEqual([
      { text: 'Run npm i **', marked: false },
      { text: 'basil', marked: true },
      { text: '** & go', marked: false },
    ]);
  });

  it('reads an excerpt cut through a link or bold text', () => {
    expect(markdownHighlightParts('guide](https://example.com) on <mark>basil</mark> … really **<mark>basil</mark> and')).toEqual([
      { text: 'guide on ', marked: false },
      { text: 'basil', marked: true },
      { text: ' … really ', marked: false },
      { text: 'basil', marked: true },
      { text: ' and', marked: false },
    ]);
  });

  it('treats the characters it marks with, when typed, as nothing', () => {
    expect(markdownHighlightParts('a\ue000b <mark>c</mark>')).toEqual([
      { text: 'ab ', marked: false },
      { text: 'c', marked: true },
    ]);
  });
});
