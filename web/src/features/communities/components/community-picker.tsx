import { SUGGESTION_DEBOUNCE_MS } from '@quorum/shared/constants';
import { formatCount } from '@quorum/shared/format';
import type { Community } from '@quorum/shared/entities/communities';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { communityOptions } from '../api/get-community.ts';
import { communitySuggestionsOptions } from '../api/search-communities.ts';
import './community-picker.css';

interface CommunityPickerProps {
  /** The chosen community, or null. */
  value: Community | null;
  /** A name chosen elsewhere (the address) whose community is still loading. */
  pendingName?: string;
  onChange: (community: Community) => void;
  error?: string | null;
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
  label?: string;
}

const members = (n: number) => `${formatCount(n)} ${n === 1 ? 'member' : 'members'}`;

/**
 * Chooses a community by searching for it: a combobox (WAI-ARIA 1.2, list autocomplete) whose
 * suggestions come from the server 200 ms after typing stops. Up and Down move through the
 * suggestions, Enter or Tab picks one, Escape closes the list.
 */
export function CommunityPicker({ value, pendingName, onChange, error, hint, inputRef, label = 'Community' }: CommunityPickerProps) {
  const client = useQueryClient();
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const optionId = (index: number) => `${id}-option-${index}`;

  // `text` is what the user typed; while they are not typing, the input shows the chosen name.
  const [text, setText] = useState('');
  const [typing, setTyping] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  // Counts picks waiting for the results of a text typed ahead; a newer one or closing the list drops them.
  const pendingPick = useRef(0);

  const typed = typing ? text.trim().toLowerCase() : '';
  const search = useDebouncedValue(typing ? text.trim() : '', SUGGESTION_DEBOUNCE_MS);
  const suggestions = useQuery({ ...communitySuggestionsOptions(search), enabled: open, placeholderData: keepPreviousData });
  const searching = search.toLowerCase() !== typed || suggestions.isPlaceholderData || suggestions.isFetching;
  // The server matches names containing the text; the results of an earlier, shorter text are
  // narrowed the same way while the new ones load, so nothing shown contradicts what was typed.
  const results = open ? (suggestions.data ?? []).filter((community) => community.name.toLowerCase().includes(typed)) : [];
  const shownText = typing ? text : (value?.name ?? pendingName ?? text);

  // While typing, the community named exactly as typed is put forward, else the first result.
  // A list opened without typing highlights the chosen community, so Tab away changes nothing.
  const resultIds = results.map((community) => community.id).join(',');
  const exactIndex = typed === '' ? -1 : results.findIndex((community) => community.name.toLowerCase() === typed);
  const chosenIndex = results.findIndex((community) => community.id === value?.id);
  const highlightBasis = `${typing}|${resultIds}|${exactIndex}|${chosenIndex}`;
  const [highlighted, setHighlighted] = useState(highlightBasis);
  if (highlighted !== highlightBasis) {
    setHighlighted(highlightBasis);
    if (typing) setActive(exactIndex >= 0 ? exactIndex : resultIds === '' ? -1 : 0);
    else setActive(chosenIndex);
  }

  useEffect(() => {
    if (active >= 0) listRef.current?.children[active]?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const pick = (community: Community) => {
    // The suggestion is the whole community: the form reads it from the cache without a fetch.
    client.setQueryData(communityOptions(community.name).queryKey, community);
    onChange(community);
    setText(community.name);
    setTyping(false);
    setOpen(false);
  };

  const close = () => {
    pendingPick.current += 1;
    setOpen(false);
    setActive(-1);
  };

  // Enter pressed before the results of the typed text arrived picks the best of them once they do.
  const pickWhenFound = (typedText: string) => {
    const ticket = ++pendingPick.current;
    const wanted = typedText.trim();
    client.fetchQuery(communitySuggestionsOptions(wanted)).then(
      (found) => {
        if (pendingPick.current !== ticket) return;
        const lower = wanted.toLowerCase();
        const matching = found.filter((community) => community.name.toLowerCase().includes(lower));
        const best = matching.find((community) => community.name.toLowerCase() === lower) ?? matching[0];
        if (best) pick(best);
      },
      () => {
        // The list says itself that suggestions could not load.
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Ctrl+Enter belongs to the form around the picker (it submits).
    if (event.ctrlKey || event.metaKey) return;
    const chosen = active >= 0 ? results[active] : undefined;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (results.length > 0) setActive(active < 0 ? 0 : (active + 1) % results.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (results.length > 0) setActive(active <= 0 ? results.length - 1 : active - 1);
        break;
      case 'Enter':
        // Enter never submits the form from here: it picks, or waits for the search typed ahead.
        event.preventDefault();
        if (open && chosen) pick(chosen);
        else if (open && typing && searching) pickWhenFound(text);
        break;
      case 'Tab':
        if (open && chosen) pick(chosen);
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          close();
        } else if (typing) {
          setTyping(false);
          setText(value?.name ?? '');
        }
        break;
    }
  };

  const onBlur = () => {
    close();
    if (!typing) return;
    const exact = results.find((community) => community.name.toLowerCase() === text.trim().toLowerCase());
    if (exact) pick(exact);
    else if (value) {
      setTyping(false);
      setText(value.name);
    }
  };

  let status: string | null = null;
  if (open && results.length === 0) {
    if (suggestions.isError) status = "Couldn't load communities. Check your connection and try again.";
    else if (searching) status = 'Searching…';
    else status = search ? `No communities match “${search}”.` : 'There are no communities yet.';
  }
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className="field combobox" data-invalid={error ? true : undefined}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="combobox__anchor">
        <div className="field__box combobox__box">
          <span className="combobox__icon">
            {value && !typing ? <Avatar name={value.name} image={value.proPic} size={24} /> : <Icon name="search" size={18} />}
          </span>
          <input
            ref={inputRef}
            id={id}
            className="field__input combobox__input"
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open && active >= 0 && results[active] ? optionId(active) : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            placeholder="Search for a community"
            value={shownText}
            onChange={(event) => {
              pendingPick.current += 1;
              setText(event.target.value);
              setTyping(true);
              setOpen(true);
            }}
            onFocus={(event) => event.target.select()}
            onClick={() => setOpen(true)}
            onKeyDown={onKeyDown}
            onBlur={onBlur}
          />
          <button
            type="button"
            className="icon-button icon-button--small combobox__toggle"
            tabIndex={-1}
            aria-label={open ? 'Hide communities' : 'Show communities'}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => (open ? close() : setOpen(true))}
          >
            <Icon name="chevronDown" size={18} />
          </button>
        </div>
        <div className="combobox__popup" hidden={!open}>
          <ul ref={listRef} id={listId} role="listbox" aria-label="Communities" className="combobox__list">
            {results.map((community, index) => (
              <li
                key={community.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className="combobox__option"
                onMouseDown={(event) => event.preventDefault()}
                onPointerMove={() => setActive(index)}
                onClick={() => pick(community)}
              >
                <Avatar name={community.name} image={community.proPic} size={28} />
                <span className="combobox__option-text">
                  <span className="combobox__option-name">{community.name}</span>
                  <span className="combobox__option-meta">{members(community.noMembers)}</span>
                </span>
                {community.id === value?.id && <Icon name="check" size={18} className="icon combobox__option-check" />}
              </li>
            ))}
          </ul>
          {status && <p className="combobox__status">{status}</p>}
        </div>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {open && results.length > 0 ? `${results.length} ${results.length === 1 ? 'community' : 'communities'} found.` : ''}
      </p>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      {hint && !error && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
