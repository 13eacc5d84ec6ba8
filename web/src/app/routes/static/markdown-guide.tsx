import type { ReactNode } from 'react';
import { StaticPage } from './static-page.tsx';
import './static-page.css';

interface Example {
  name: string;
  source: string;
  result: ReactNode;
}

const EXAMPLES: Example[] = [
  { name: 'Italic', source: '*italic* or _italic_', result: <em>italic</em> },
  { name: 'Bold', source: '**bold**', result: <strong>bold</strong> },
  { name: 'Strikethrough', source: '~~struck out~~', result: <del>struck out</del> },
  {
    name: 'Link',
    source: '[Quorum guidelines](https://example.org/guidelines)',
    result: <a href="https://example.org/guidelines">Quorum guidelines</a>,
  },
  { name: 'Inline code', source: 'Run `npm start`', result: <>Run <code>npm start</code></> },
  {
    name: 'Heading',
    source: '# Big heading\n## Smaller heading',
    result: (
      <>
        <span className="markdown-sample__h1">Big heading</span>
        <span className="markdown-sample__h2">Smaller heading</span>
      </>
    ),
  },
  {
    name: 'Bulleted list',
    source: '- apples\n- pears',
    result: (
      <ul>
        <li>apples</li>
        <li>pears</li>
      </ul>
    ),
  },
  {
    name: 'Numbered list',
    source: '1. first\n2. second',
    result: (
      <ol>
        <li>first</li>
        <li>second</li>
      </ol>
    ),
  },
  { name: 'Quote', source: '> Well said.', result: <blockquote>Well said.</blockquote> },
  {
    name: 'Code block',
    source: '```\nlet answer = 42;\n```',
    result: (
      <pre>
        <code>let answer = 42;</code>
      </pre>
    ),
  },
  { name: 'Horizontal rule', source: '---', result: <hr /> },
  {
    name: 'Table',
    source: '| Fruit | Colour |\n| ----- | ------ |\n| Lime  | Green  |',
    result: (
      <table className="markdown-sample__table">
        <thead>
          <tr>
            <th>Fruit</th>
            <th>Colour</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Lime</td>
            <td>Green</td>
          </tr>
        </tbody>
      </table>
    ),
  },
  { name: 'A literal character', source: '\\*not italic\\*', result: <>*not italic*</> },
];

export function MarkdownGuideRoute() {
  return (
    <StaticPage
      title="Markdown guide"
      lead="Posts and comments are written in Markdown, a simple way to format text with ordinary characters."
    >
      <h2>Paragraphs and line breaks</h2>
      <p>
        Leave an empty line between paragraphs. To break a line without starting a new paragraph, end it with two
        spaces.
      </p>
      <h2>Formatting</h2>
      <div className="table-scroll">
        <table className="markdown-table">
          <thead>
            <tr>
              <th scope="col">Style</th>
              <th scope="col">You type</th>
              <th scope="col">You get</th>
            </tr>
          </thead>
          <tbody>
            {EXAMPLES.map((example) => (
              <tr key={example.name}>
                <th scope="row">{example.name}</th>
                <td>
                  <pre className="markdown-source">{example.source}</pre>
                </td>
                <td className="markdown-sample">{example.result}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>Links</h2>
      <p>
        Links may use the <code>http</code>, <code>https</code>, <code>irc</code>, <code>ircs</code>, <code>mailto</code>{' '}
        and <code>xmpp</code> schemes; links with any other scheme are shown as plain text. A web address written out,
        such as <code>https://example.org</code>, becomes a link by itself. Links open in a new tab.
      </p>
      <h2>HTML</h2>
      <p>
        Raw HTML is not rendered: tags you type are left out of the formatted text. Use the Markdown syntax above
        instead.
      </p>
      <h2>Escaping</h2>
      <p>
        To show a character that Markdown would otherwise use for formatting, such as <code>*</code>, <code>_</code> or{' '}
        <code>#</code>, put a backslash in front of it.
      </p>
    </StaticPage>
  );
}
