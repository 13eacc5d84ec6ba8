import Markdown, { defaultUrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';

const ALLOWED_SCHEMES = /^(https?|ircs?|mailto|xmpp):/i;

/**
 * Keeps links and images to the schemes the product allows (http, https, irc, ircs, mailto,
 * xmpp) and relative addresses; anything else is dropped.
 */
export function safeUrl(url: string): string {
  const cleaned = defaultUrlTransform(url);
  if (cleaned === '') return '';
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(cleaned);
  return scheme && !ALLOWED_SCHEMES.test(scheme[0]) ? '' : cleaned;
}

/**
 * True for an address on this site (`origin`; with no page, only relative addresses). Images from
 * anywhere else would tell their host who reads the page, so they are shown as links instead.
 */
export function isOwnOrigin(url: string, origin = typeof window === 'undefined' ? undefined : window.location.origin): boolean {
  const base = origin ?? 'http://relative.invalid';
  try {
    return new URL(url, base).origin === new URL(base).origin;
  } catch {
    return false;
  }
}

/**
 * User-written markdown: raw HTML is not rendered, links open in a new tab, images from other
 * sites become links named by their alt text. Loaded on demand: the markdown stack is the
 * largest part of the app and a first visit can show the page without it.
 */
export function MarkdownRenderer({ children }: { children: string }) {
  return (
    <Markdown
      remarkPlugins={[remarkGfm]}
      skipHtml
      urlTransform={safeUrl}
      components={{
        a: ({ href, children: text }) =>
          href ? (
            <a href={href} target="_blank" rel="noopener noreferrer nofollow ugc">
              {text}
            </a>
          ) : (
            <span>{text}</span>
          ),
        // Focusable, so that a keyboard can scroll a long line into view.
        pre: ({ children: code }) => <pre tabIndex={0}>{code}</pre>,
        img: ({ src, alt }) => {
          if (typeof src !== 'string' || src === '') return alt ? <span>{alt}</span> : null;
          if (isOwnOrigin(src)) return <img src={src} alt={alt ?? ''} loading="lazy" />;
          return (
            <a href={src} target="_blank" rel="noopener noreferrer nofollow ugc" className="markdown__offsite-image">
              {alt || src}
            </a>
          );
        },
      }}
    >
      {children}
    </Markdown>
  );
}
