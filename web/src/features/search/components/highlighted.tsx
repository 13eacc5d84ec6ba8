import { highlightParts } from '../highlight.ts';

/** A server highlight rendered as text nodes, the matched words in <mark> (no other markup is ever rendered). */
export function Highlighted({ html }: { html: string }) {
  return (
    <>
      {highlightParts(html).map((part, index) => (part.marked ? <mark key={index}>{part.text}</mark> : part.text))}
    </>
  );
}
