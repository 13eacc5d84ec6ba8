import { Suspense } from 'react';
import { lazyComponent } from '../../lib/lazy-component.ts';
import './markdown.css';

const MarkdownRenderer = lazyComponent(async () => (await import('./markdown-renderer.tsx')).MarkdownRenderer);

interface MarkdownBodyProps {
  children: string;
  className?: string;
  /** Spaced blocks, indented lists and quotes (posts and comments), not a bare snippet. */
  rich?: boolean;
}

/**
 * User-written markdown (see markdown-renderer.tsx). Until the renderer has loaded, the text
 * holds its place unseen, so that nothing below it moves when it appears.
 */
export function MarkdownBody({ children, className, rich = false }: MarkdownBodyProps) {
  const classes = ['markdown', rich ? 'markdown--rich' : null, className].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <Suspense fallback={<PendingText text={children} />}>
        <MarkdownRenderer>{children}</MarkdownRenderer>
      </Suspense>
    </div>
  );
}

function PendingText({ text }: { text: string }) {
  return (
    <div className="markdown__pending" aria-hidden="true">
      {text.split(/\n{2,}/).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}
