import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { isOwnOrigin, MarkdownRenderer, safeUrl } from './markdown-renderer.tsx';

const render = (text: string) => renderToStaticMarkup(<MarkdownRenderer>{text}</MarkdownRenderer>);

describe('MarkdownRenderer', () => {
  it('renders markdown with GitHub extensions', () => {
    const html = render('**bold** and ~~gone~~\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<del>gone</del>');
    expect(html).toContain('<table>');
  });

  it('skips raw HTML', () => {
    const html = render('Hello <script>alert(1)</script> <img src=x onerror=alert(1)> <b>bold</b>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('<b>');
  });

  it('keeps only http, https, irc, ircs, mailto and xmpp links, opened in a new tab', () => {
    const html = render(
      '[a](https://example.com) [b](http://example.com) [c](mailto:me@example.com) [d](irc://irc.example.net/chan) ' +
        '[e](ircs://irc.example.net) [f](xmpp:me@example.com) [g](javascript:alert(1)) [h](data:text/html,hi) [i](ftp://x.org)',
    );
    for (const kept of ['https://example.com', 'http://example.com', 'mailto:me@example.com', 'irc://irc.example.net/chan', 'ircs://irc.example.net', 'xmpp:me@example.com']) {
      expect(html).toContain(`href="${kept}"`);
    }
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('data:text');
    expect(html).not.toContain('ftp://');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer nofollow ugc"');
  });

  it('shows images from this site, and images from elsewhere only as links named by their alt text', () => {
    const html = render('![ours](/images/abc.jpeg) ![a pixel](https://tracker.example/pixel.png) ![](//cdn.example/x.gif)');
    expect(html).toContain('<img src="/images/abc.jpeg" alt="ours"');
    expect(html).not.toContain('<img src="https://tracker.example');
    expect(html).not.toContain('<img src="//cdn.example');
    expect(html).toMatch(/<a href="https:\/\/tracker.example\/pixel.png"[^>]*>a pixel<\/a>/);
    expect(html).toMatch(/<a href="\/\/cdn.example\/x.gif"[^>]*>\/\/cdn.example\/x.gif<\/a>/);
  });

  it('tells addresses on the site from those elsewhere', () => {
    const origin = 'https://forum.example';
    expect(isOwnOrigin('/images/a.png', origin)).toBe(true);
    expect(isOwnOrigin('https://forum.example/images/a.png', origin)).toBe(true);
    expect(isOwnOrigin('https://forum.example:8443/a.png', origin)).toBe(false);
    expect(isOwnOrigin('http://forum.example/a.png', origin)).toBe(false);
    expect(isOwnOrigin('//elsewhere.example/a.png', origin)).toBe(false);
    expect(isOwnOrigin('https://forum.example.evil/a.png', origin)).toBe(false);
  });

  it('keeps relative links', () => {
    expect(safeUrl('/about')).toBe('/about');
    expect(safeUrl('JAVASCRIPT:alert(1)')).toBe('');
  });
});
