import { DEFAULT_DEBOUNCE_MS, LINK_URL_MAX } from '@quorum/shared/constants';
import { linkPostUrl } from '@quorum/shared/schemas/posts';
import { firstIssueMessage } from '@quorum/shared/validation';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode, Ref } from 'react';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { useDebouncedValue } from '../../../../hooks/use-debounced-value.ts';
import { linkInfoOptions } from '../../api/link-info.ts';

interface LinkFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | null;
  /** Whether the post still has no title, so the page's title is worth offering. */
  titleEmpty: boolean;
  onUseTitle: (title: string) => void;
  disabled?: boolean;
  inputRef: Ref<HTMLInputElement>;
}

/**
 * The address of a link post. Once a valid address has been typed, the page's title is looked up
 * and offered as the post's title while the title is still empty.
 */
export function LinkField({ value, onChange, onBlur, error, titleEmpty, onUseTitle, disabled, inputRef }: LinkFieldProps) {
  const url = useDebouncedValue(value.trim(), DEFAULT_DEBOUNCE_MS);
  const valid = url !== '' && firstIssueMessage(linkPostUrl, url) === null;
  const info = useQuery({ ...linkInfoOptions(url), enabled: valid && titleEmpty && !disabled });
  const settled = url === value.trim();

  let hint: ReactNode = 'The address of the page you want to share, starting with http:// or https://.';
  if (titleEmpty && valid && settled) {
    if (info.isFetching) hint = 'Looking up the page title…';
    else if (info.data) {
      const title = info.data;
      hint = (
        <span className="link-field__suggestion">
          <span className="link-field__page-title">
            Page title: <q>{title}</q>
          </span>
          <button type="button" className="link-button" onClick={() => onUseTitle(title)}>
            Use as title
          </button>
        </span>
      );
    }
  }

  return (
    <TextField
      ref={inputRef}
      label="URL"
      type="url"
      inputMode="url"
      autoComplete="url"
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      placeholder="https://"
      maxLength={LINK_URL_MAX}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      error={error}
      hint={<span aria-live="polite">{hint}</span>}
    />
  );
}
