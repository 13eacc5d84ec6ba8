import Markdown, { defaultUrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import './markdown.css';

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
  /** Spaced blocks, indented lists, quotes and code blocks (posts and comments), not a bare snippet. */
  rich?: boolean;
}

/** User-written markdown: raw HTML is not rendered, links open in a new tab. */
export function MarkdownBody({ children, className, rich = false }: MarkdownBodyProps) {
  const classes = ['markdown', rich ? 'markdown--rich' : null, className].filter(Boolean).join(' ');
  return (
    <div className={classes}>
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
