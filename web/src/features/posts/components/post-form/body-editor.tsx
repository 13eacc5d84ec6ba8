import { POST_BODY_MAX } from '@quorum/shared/constants';
import { useId, useRef, useState, type ClipboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { MarkdownBody } from '../../../../components/markdown/markdown.tsx';
import { Icon } from '../../../../components/ui/icon.tsx';
import { paths } from '../../../../config/paths.ts';
import { linkFromPaste } from './paste-link.ts';
import { useAutoGrow } from '../../../../hooks/use-auto-grow.ts';

interface BodyEditorProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/**
 * The markdown body of a text post, with a preview. Pasting an address over selected text turns
 * the selection into a link to it.
 */
export function BodyEditor({ value, onChange, disabled }: BodyEditorProps) {
  const id = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [preview, setPreview] = useState(false);
  useAutoGrow(textareaRef, preview ? '' : value);

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const textarea = event.currentTarget;
    const link = linkFromPaste(textarea.value, textarea.selectionStart, textarea.selectionEnd, event.clipboardData.getData('text/plain'));
    if (!link) return;
    event.preventDefault();
    // insertText keeps the browser's undo history; where it is missing the value is set directly.
    const inserted = document.execCommand('insertText', false, link.text);
    if (!inserted) {
      onChange(link.value);
      requestAnimationFrame(() => textarea.setSelectionRange(link.caret, link.caret));
    }
  };

  return (
    <div className="field">
      <div className="post-form__label-row">
        <label className="field__label" htmlFor={id}>
          Body <span className="post-form__optional">(optional)</span>
        </label>
        <div className="post-form__body-tools">
          <button type="button" className="post-form__tool" aria-pressed={preview} onClick={() => setPreview((shown) => !shown)}>
            <Icon name={preview ? 'document' : 'eye'} size={16} />
            {preview ? 'Write' : 'Preview'}
          </button>
          <Link className="post-form__tool" to={paths.markdownGuide.getHref()} target="_blank" rel="noopener">
            <Icon name="info" size={16} />
            Markdown help
          </Link>
        </div>
      </div>
      {preview ? (
        <section className="post-form__preview" aria-label="Preview of the body">
          {value.trim() ? <MarkdownBody rich>{value}</MarkdownBody> : <p className="muted">Nothing to preview yet.</p>}
        </section>
      ) : (
        <div className="field__box">
          <textarea
            ref={textareaRef}
            id={id}
            className="field__input post-form__body"
            rows={8}
            value={value}
            maxLength={POST_BODY_MAX}
            disabled={disabled}
            placeholder="Say more about it. Markdown works here; paste a link over selected text to link it."
            onChange={(event) => onChange(event.target.value)}
            onPaste={onPaste}
          />
        </div>
      )}
    </div>
  );
}
