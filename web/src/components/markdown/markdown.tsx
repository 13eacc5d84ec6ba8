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

interface MarkdownBodyProps {
  children: string;
  className?: string;
}

/** User-written markdown: raw HTML is not rendered, links open in a new tab. */
export function MarkdownBody({ children, className }: MarkdownBodyProps) {
  return (
    <div className={className ? `markdown ${className}` : 'markdown'}>
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
        }}
      >
        {children}
      </Markdown>
    </div>
  );
}
