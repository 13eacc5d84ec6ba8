import { describe, expect, it } from 'vitest';
import { markdownToText } from './markdown-text.ts';

describe('markdown as text', () => {
  it('leaves plain text as it is, on one line', () => {
    expect(markdownToText('Sun and water.\nNothing else.')).toBe('Sun and water. Nothing else.');
    expect(markdownToText('2 * 3 * 4 = 24, snake_case_name, a ~ b, ~5 minutes, C#')).toBe('2 * 3 * 4 = 24, snake_case_name, a ~ b, ~5 minutes, C#');
  });

  it('takes away emphasis, bold and strikethrough marks', () => {
    expect(markdownToText('Some **bold**, *italic*, ***both***, __bold__, _italic_ and ~~gone~~ text')).toBe('Some bold, italic, both, bold, italic and gone text');
    expect(markdownToText('*a **nested** one*')).toBe('a nested one');
  });

  it('shows links and images as their text', () => {
    expect(markdownToText('See [the docs](https://example.com/docs "Docs") and ![a cat](/images/cat.png).')).toBe('See the docs and a cat.');
    expect(markdownToText('[Wiki](https://en.wikipedia.org/wiki/Bread_(food)) [![badge](b.svg)](https://ci.example)')).toBe('Wiki badge');
    expect(markdownToText('A [reference][ref] link.\n\n[ref]: https://example.com')).toBe('A reference link.');
    expect(markdownToText('Mail <me@example.com> or <https://example.com/a_b_c>')).toBe('Mail me@example.com or https://example.com/a_b_c');
  });

  it('takes away heading, quote, list and rule markers', () => {
    expect(markdownToText('# Title\n\n## Part two ##\n\nText')).toBe('Title Part two Text');
    expect(markdownToText('> quoted\n> > nested')).toBe('quoted nested');
    expect(markdownToText('- one\n* two\n+ three\n- [x] done\n\n1. first\n2) second')).toBe('one two three done 1. first 2) second');
    expect(markdownToText('Title\n=====\nabove\n\n---\n\n* * *\nbelow')).toBe('Title above below');
  });

  it('shows code as its content, without touching what is inside it', () => {
    expect(markdownToText('Run `npm i **x**` now')).toBe('Run npm i **x** now');
    expect(markdownToText('``a ` b``')).toBe('a ` b');
    expect(markdownToText('Before\n```ts\nconst a = **b**;\n```\nAfter')).toBe('Before const a = **b**; After');
    expect(markdownToText('~~~\n# not a heading\n~~~')).toBe('# not a heading');
  });

  it('keeps escaped characters as typed', () => {
    expect(markdownToText('\\*not emphasis\\* and \\[not a link\\](x) and \\# not a heading')).toBe('*not emphasis* and [not a link](x) and # not a heading');
  });

  it('leaves out raw HTML tags and comments, which are never rendered', () => {
    expect(markdownToText('<b>bold</b> <!-- note --> a<br/>b and a < b')).toBe('bold a b and a < b');
  });

  it('shows tables as their cells', () => {
    expect(markdownToText('| Size | Grip |\n| --- | :---: |\n| 25 | low |')).toBe('Size Grip 25 low');
  });

  it('reads an excerpt cut in the middle of the syntax', () => {
    expect(markdownToText('docs](https://example.com/docs) say so')).toBe('docs say so');
    expect(markdownToText('read [the guide](https://exam')).toBe('read the guide');
    expect(markdownToText('really **strong words')).toBe('really strong words');
    expect(markdownToText('end of bold** here')).toBe('end of bold here');
    expect(markdownToText('Pinch_ the tops ~~weekly~~ `daily')).toBe('Pinch the tops weekly daily');
    expect(markdownToText('cut *emphasis and cut emphasis*, and \ue000marked\ue001_ too')).toBe('cut emphasis and cut emphasis, and \ue000marked\ue001 too');
  });

  it('passes the characters a caller marks places with through, also inside syntax', () => {
    expect(markdownToText('**\ue000bold\ue001** [\ue000link\ue001](https://x.example)')).toBe('\ue000bold\ue001 \ue000link\ue001');
    expect(markdownToText('_\ue000word\ue001_ snake_\ue000case\ue001_name')).toBe('\ue000word\ue001 snake_\ue000case\ue001_name');
  });
});
