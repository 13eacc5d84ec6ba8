import { highlightParts, markdownHighlightParts } from '../highlight.ts';

interface HighlightedProps {
  html: string;
  /** The highlight is of markdown (a body): shown as the text a reader sees, without the syntax. */
  markdown?: boolean;
}

/** A server highlight rendered as text nodes, the matched words in <mark> (no other markup is ever rendered). */
export function Highlighted({ html, markdown = false }: HighlightedProps) {
  const parts = markdown ? markdownHighlightParts(html) : highlightParts(html);
  return <>{parts.map((part, index) => (part.marked ? <mark key={index}>{part.text}</mark> : part.text))}</>;
}
