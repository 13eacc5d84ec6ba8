import { SEARCH_SUGGEST_DEBOUNCE_MS, SEARCH_SUGGEST_LIMIT } from '@quorum/shared/constants';
import { parseSearch } from '@quorum/shared/search';
import type { Community } from '@quorum/shared/entities/communities';
import type { SearchSuggestions } from '@quorum/shared/entities/search';
import type { User } from '@quorum/shared/entities/users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { useNavigate } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { paths } from '../../../config/paths.ts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useOnline } from '../../../hooks/use-online.ts';
import { formatCount } from '@quorum/shared/format';
import { searchSuggestionsOptions } from '../api/search.ts';
import { suggestSaved } from '../offline-search.ts';
import { useSavedEntities } from '../hooks/use-saved-entities.ts';
import { clearRecentSearches, readRecentSearches } from '../recent-searches.ts';
import '../../../components/ui/search-field.css';

type SearchOption =
  | { kind: 'community'; community: Community }
  | { kind: 'user'; user: User }
  | { kind: 'search'; text: string }
  | { kind: 'recent'; text: string };

interface SearchBoxProps {
  /** The text the box starts with. */
  initialText?: string;
  /** Runs a search for the text (Enter, or the "Search for" entry, or a recent search). */
  onSearch: (text: string) => void;
  /** Called after a suggested community or user was opened. */
  onOpen?: () => void;
  /** Suggestions in a popup under the box (the search page) rather than always listed (the modal). */
  popup?: boolean;
  /** Escape, whatever entry is highlighted (the dialog closes at once). Without it, Escape leaves the popup first. */
  onEscape?: () => void;
  inputRef?: Ref<HTMLInputElement>;
}

const NO_SUGGESTIONS: SearchSuggestions = { communities: [], users: [] };
const members = (n: number) => `${formatCount(n)} ${n === 1 ? 'member' : 'members'}`;
const points = (n: number) => `${formatCount(n)} ${n === 1 ? 'point' : 'points'}`;

/** Suggestions for the words typed (modifiers left out), 200 ms after typing stops; from saved data while offline. */
function useSuggestions(text: string): { suggestions: SearchSuggestions; loading: boolean } {
  const online = useOnline();
  const words = parseSearch(text).text.trim();
  const settled = useDebouncedValue(words, SEARCH_SUGGEST_DEBOUNCE_MS);
  const query = useQuery({ ...searchSuggestionsOptions(settled), enabled: online && settled !== '', placeholderData: keepPreviousData });
  const saved = useSavedEntities(!online);
  if (words === '') return { suggestions: NO_SUGGESTIONS, loading: false };
  if (!online) return { suggestions: suggestSaved(saved, words, SEARCH_SUGGEST_LIMIT), loading: false };
  return { suggestions: query.data ?? NO_SUGGESTIONS, loading: settled !== words || query.isFetching };
}

/**
 * The search box: a combobox (WAI-ARIA 1.2, list autocomplete) that suggests communities and
 * users as one types, then offers to search for the text; when empty, it lists recent searches.
 * Up and Down move through the entries, Enter opens the one highlighted (or searches), Escape
 * leaves the list (or calls `onEscape`).
 */
export function SearchBox({ initialText = '', onSearch, onOpen, popup = false, onEscape, inputRef }: SearchBoxProps) {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(!popup);
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState(readRecentSearches);
  const listRef = useRef<HTMLUListElement>(null);
  const { suggestions } = useSuggestions(text);

  const trimmed = text.trim();
  const options: SearchOption[] = trimmed
    ? [
        ...suggestions.communities.map((community): SearchOption => ({ kind: 'community', community })),
        ...suggestions.users.map((user): SearchOption => ({ kind: 'user', user })),
        { kind: 'search', text: trimmed },
      ]
    : recent.map((item): SearchOption => ({ kind: 'recent', text: item }));
  const shown = open && options.length > 0;

  // A new list of entries starts with none highlighted, so Enter searches for the text as typed.
  const optionsKey = options.map((option) => (option.kind === 'community' ? option.community.id : option.kind === 'user' ? option.user.id : option.text)).join('|');
  const [lastOptionsKey, setLastOptionsKey] = useState(optionsKey);
  if (lastOptionsKey !== optionsKey) {
    setLastOptionsKey(optionsKey);
    setActive(-1);
  }

  useEffect(() => {
    if (active >= 0) listRef.current?.children[active]?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const choose = (option: SearchOption) => {
    if (popup) setOpen(false);
    if (option.kind === 'community') {
      navigate(paths.community.getHref(option.community.name));
      onOpen?.();
    } else if (option.kind === 'user') {
      navigate(paths.profile.getHref(option.user.username));
      onOpen?.();
    } else {
      setText(option.text);
      onSearch(option.text);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!shown) setOpen(true);
        else setActive(active >= options.length - 1 ? -1 : active + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!shown) setOpen(true);
        else setActive(active < 0 ? options.length - 1 : active - 1);
        break;
      case 'Enter': {
        const chosen = shown && active >= 0 ? options[active] : undefined;
        if (chosen) {
          event.preventDefault();
          choose(chosen);
        }
        break;
      }
      case 'Escape':
        if (event.nativeEvent.isComposing) break;
        if (onEscape) {
          // Handled here rather than left to the dialog: a search field's own Escape (Chrome's
          // clears the text) would otherwise take the press, and the dialog would need a second one.
          event.preventDefault();
          onEscape();
        } else if (active >= 0 || (popup && shown)) {
          // On the page, Escape first leaves the highlighted entry and closes the popup.
          event.preventDefault();
          event.stopPropagation();
          setActive(-1);
          if (popup) setOpen(false);
        }
        break;
    }
  };

  const label = (option: SearchOption) => {
    switch (option.kind) {
      case 'community':
        return (
          <>
            <Avatar name={option.community.name} image={option.community.proPic} size={28} />
            <span className="search-combobox__option-text">
              <span className="search-combobox__option-name">/{option.community.name}</span>
              <span className="search-combobox__option-meta">Community · {members(option.community.noMembers)}</span>
            </span>
          </>
        );
      case 'user':
        return (
          <>
            <UserAvatar username={option.user.username} image={option.user.proPic} size={28} />
            <span className="search-combobox__option-text">
              <span className="search-combobox__option-name">@{option.user.username}</span>
              <span className="search-combobox__option-meta">User · {points(option.user.points)}</span>
            </span>
          </>
        );
      case 'search':
      case 'recent':
        return (
          <>
            <span className="search-combobox__option-icon">
              <Icon name={option.kind === 'search' ? 'search' : 'refresh'} size={18} />
            </span>
            <span className="search-combobox__option-text">
              <span className="search-combobox__option-name">{option.kind === 'search' ? `Search for “${option.text}”` : option.text}</span>
            </span>
          </>
        );
    }
  };

  return (
    <form
      role="search"
      className={`search-combobox${popup ? ' search-combobox--popup' : ''}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed) {
          if (popup) setOpen(false);
          onSearch(trimmed);
        }
      }}
    >
      <div className="search-field search-field--large">
        <Icon name="search" size={18} />
        <label htmlFor={id} className="visually-hidden">
          Search
        </label>
        <input
          ref={inputRef}
          id={id}
          type="search"
          className="search-field__input"
          role="combobox"
          aria-expanded={shown}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder="Search Quorum"
          maxLength={200}
          data-autofocus
          data-search-combobox
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onFocus={() => {
            if (popup && !trimmed) setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onBlur={() => {
            if (popup) {
              setOpen(false);
              setActive(-1);
            }
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      <div className="search-combobox__results" hidden={!shown}>
        {!trimmed && recent.length > 0 && (
          <div className="search-combobox__heading">
            <span id={`${id}-recent`}>Recent searches</span>
            <button
              type="button"
              className="button button--ghost button--small"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                clearRecentSearches();
                setRecent([]);
              }}
            >
              Clear
            </button>
          </div>
        )}
        <ul ref={listRef} id={listId} role="listbox" aria-label={trimmed ? 'Suggestions' : 'Recent searches'} className="search-combobox__list">
          {options.map((option, index) => (
            <li
              key={option.kind === 'community' ? option.community.id : option.kind === 'user' ? option.user.id : `${option.kind}:${option.text}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="search-combobox__option"
              onMouseDown={(event) => event.preventDefault()}
              onPointerMove={() => setActive(index)}
              onClick={() => choose(option)}
            >
              {label(option)}
            </li>
          ))}
        </ul>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {trimmed && shown ? `${options.length - 1} ${options.length === 2 ? 'suggestion' : 'suggestions'}.` : ''}
      </p>
    </form>
  );
}
