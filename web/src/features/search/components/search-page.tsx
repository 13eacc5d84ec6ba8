import { ApiError } from '@quorum/client/api-error';
import { SEARCH_SORTS, SEARCH_TYPES } from '@quorum/shared/constants';
import { parseSearch } from '@quorum/shared/search';
import type { Community } from '@quorum/shared/entities/communities';
import type { SearchResult, SearchSort, SearchType } from '@quorum/shared/entities/search';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router-dom';
import { LoadFailed } from '../../../components/errors/load-failed.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { SortSelect } from '../../../components/ui/sort-select.tsx';
import { TabList, tabId, tabPanelId, type TabItem } from '../../../components/ui/tabs.tsx';
import { paths } from '../../../config/paths.ts';
import { useOnline } from '../../../hooks/use-online.ts';
import type { SearchParams } from '../api/keys.ts';
import { hasSort, searchResultsOptions } from '../api/search.ts';
import { isFocusSearchState } from '../focus-request.ts';
import { useRunSearch } from '../hooks/use-run-search.ts';
import { useSavedEntities } from '../hooks/use-saved-entities.ts';
import { searchSaved } from '../offline-search.ts';
import { SearchOfflineNote } from './offline-note.tsx';
import { SearchBox } from './search-box.tsx';
import { SearchResultItem, SearchResultSkeleton } from './search-result.tsx';
import './search.css';

const TABS: ReadonlyArray<TabItem<SearchType>> = [
  { id: 'posts', label: 'Posts' },
  { id: 'comments', label: 'Comments' },
  { id: 'communities', label: 'Communities' },
  { id: 'users', label: 'Users' },
];
const TAB_NOUNS: Record<SearchType, string> = { posts: 'posts', comments: 'comments', communities: 'communities', users: 'users' };
const SORT_LABELS: Record<SearchSort, string> = { relevance: 'Relevance', new: 'New', top: 'Top' };
const NOTHING_MORE: Record<SearchType, string> = { posts: 'No more posts', comments: 'No more comments', communities: 'No more communities', users: 'No more users' };

const pick = <T extends string>(values: readonly T[], value: string | null): T | null => values.find((item) => item === value) ?? null;

/** Whether the server would run this search: words, or a community or author whose posts and comments to list. */
function isSearchable(q: string, type: SearchType): boolean {
  const parsed = parseSearch(q);
  if (parsed.text.trim() !== '') return true;
  return hasSort(type) && (parsed.community !== null || parsed.author !== null);
}

const resultKey = (result: SearchResult) => {
  switch (result.type) {
    case 'post':
      return `post:${result.post.id}`;
    case 'comment':
      return `comment:${result.comment.id}`;
    case 'community':
      return `community:${result.community.id}`;
    case 'user':
      return `user:${result.user.id}`;
  }
};

type RenderCommunity = (community: Community) => ReactNode;

function ResultList({ items, label, renderCommunity }: { items: SearchResult[]; label: string; renderCommunity: RenderCommunity }) {
  return (
    <ul className="search-results" aria-label={label}>
      {items.map((result) => (
        <li key={resultKey(result)} className="search-results__item">
          <SearchResultItem result={result} renderCommunity={renderCommunity} />
        </li>
      ))}
    </ul>
  );
}

function Skeletons({ count }: { count: number }) {
  return (
    <div className="search-results" role="status" aria-label="Loading results">
      {Array.from({ length: count }, (_, index) => (
        <SearchResultSkeleton key={index} />
      ))}
    </div>
  );
}

interface EmptyProps {
  q: string;
  type: SearchType;
  saved: boolean;
  onShowType: (type: SearchType) => void;
}

/** Words joined as a list is said: "a", "a or b", "a, b or c". */
const listSeparator = (index: number, count: number) => (index === 0 ? '' : index === count - 1 ? ' or ' : ', ');

/** No results: says so, and offers the other kinds of results and the modifiers that widen or narrow a search. */
function Empty({ q, type, saved, onShowType }: EmptyProps) {
  const parsed = parseSearch(q);
  // Posts are the tab the address names by leaving the type out, so a `type:` in the box would win over it.
  const others = TABS.filter((tab) => tab.id !== type && isSearchable(q, tab.id) && !(tab.id === 'posts' && parsed.type !== null));
  const modifiers = hasSort(type)
    ? [parsed.community !== null && `in:${parsed.community}`, parsed.author !== null && `author:${parsed.author}`].filter((modifier) => modifier !== false)
    : [];
  return (
    <div className="search-status">
      <p className="search-status__text">
        {saved ? 'Nothing saved on this device matches' : 'No results for'} “{q}”
      </p>
      {others.length > 0 && (
        <p className="search-status__hint">
          Try searching{' '}
          {others.map((tab, index) => (
            <Fragment key={tab.id}>
              {listSeparator(index, others.length)}
              <button type="button" className="link-button" onClick={() => onShowType(tab.id)}>
                {TAB_NOUNS[tab.id]}
              </button>
            </Fragment>
          ))}{' '}
          instead.
        </p>
      )}
      {modifiers.length > 0 ? (
        <p className="search-status__hint">
          Leave out{' '}
          {modifiers.map((modifier, index) => (
            <Fragment key={modifier}>
              {index > 0 && ' and '}
              <code>{modifier}</code>
            </Fragment>
          ))}{' '}
          to search more widely.
        </p>
      ) : (
        <p className="search-status__hint">
          Search one community with <code>in:community</code>, or one person's posts and comments with <code>author:name</code>.
        </p>
      )}
    </div>
  );
}

interface ResultsProps {
  params: SearchParams;
  renderCommunity: RenderCommunity;
  onShowType: (type: SearchType) => void;
}

function ServerResults({ params, renderCommunity, onShowType }: ResultsProps) {
  const query = useInfiniteQuery(searchResultsOptions(params));
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const items = useMemo(() => {
    const seen = new Set<string>();
    return (data?.pages ?? []).flatMap((page) => page.items).filter((item) => !seen.has(resultKey(item)) && Boolean(seen.add(resultKey(item))));
  }, [data]);

  if (query.isPending) return <Skeletons count={5} />;
  // A search the server refuses (too long, say) says why; trying again would not help.
  if (query.error instanceof ApiError && query.error.status === 400 && items.length === 0) {
    return (
      <div className="search-status">
        <p className="search-status__text">{query.error.message}</p>
      </div>
    );
  }
  if (query.isError && items.length === 0) {
    return <LoadFailed query={query} className="feed-status search-status" />;
  }
  if (items.length === 0) return <Empty q={params.q} type={params.type} saved={false} onShowType={onShowType} />;
  return (
    <>
      <ResultList items={items} label={`Results for ${params.q}`} renderCommunity={renderCommunity} />
      {isFetchingNextPage && <Skeletons count={2} />}
      <LoadMore hasNextPage={hasNextPage} isFetchingNextPage={isFetchingNextPage} isFetchNextPageError={isFetchNextPageError} fetchNextPage={fetchNextPage} />
      {!hasNextPage && <p className="search-results__end">{NOTHING_MORE[params.type]}</p>}
    </>
  );
}

function SavedResults({ params, renderCommunity, onShowType }: ResultsProps) {
  const saved = useSavedEntities(true);
  const items = useMemo(() => {
    const parsed = parseSearch(params.q);
    return searchSaved(saved, { text: parsed.text, type: params.type, community: parsed.community, author: parsed.author, sort: params.sort });
  }, [saved, params]);
  if (items.length === 0) return <Empty q={params.q} type={params.type} saved onShowType={onShowType} />;
  return <ResultList items={items} label={`Saved results for ${params.q}`} renderCommunity={renderCommunity} />;
}

/**
 * /search: the box, the four kinds of results as tabs and their order, all kept in the address.
 * Offline, the data saved on the device is searched instead, and the page says so.
 */
export function SearchPage({ renderCommunity }: { renderCommunity: RenderCommunity }) {
  const baseId = useId();
  const online = useOnline();
  const runSearch = useRunSearch();
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q')?.trim() ?? '';
  const type = pick(SEARCH_TYPES, searchParams.get('type')) ?? parseSearch(q).type ?? 'posts';
  const sort = pick(SEARCH_SORTS, searchParams.get('sort')) ?? 'relevance';
  const params = useMemo((): SearchParams => ({ q, type, sort }), [q, type, sort]);
  const inputRef = useRef<HTMLInputElement>(null);
  const location = useLocation();
  // Back and forward bring the state back too, but only a fresh arrival moves the cursor.
  const focusOnArrival = useNavigationType() === 'PUSH' && isFocusSearchState(location.state);
  useEffect(() => {
    if (focusOnArrival) inputRef.current?.focus();
  }, [focusOnArrival, location.key]);

  const go = (next: Partial<SearchParams>) => {
    const merged = { ...params, ...next };
    const href = paths.search.getHref({ q: merged.q || undefined, type: merged.type, sort: merged.sort });
    setSearchParams(new URLSearchParams(href.split('?')[1] ?? ''), { replace: true, preventScrollReset: true });
  };
  const showType = (next: SearchType) => {
    go({ type: next });
    document.getElementById(tabId(baseId, next))?.focus();
  };

  let content;
  if (!q) {
    content = (
      <div className="search-status">
        <p className="search-status__text">Search posts, comments, communities and users.</p>
        <p className="search-status__hint">
          Narrow a search with <code>in:community</code>, <code>author:name</code> or <code>type:comment</code>.
        </p>
      </div>
    );
  } else if (!isSearchable(q, type)) {
    content = (
      <div className="search-status">
        <p className="search-status__text">Add some words to search for.</p>
      </div>
    );
  } else {
    content = online ? (
      <ServerResults params={params} renderCommunity={renderCommunity} onShowType={showType} />
    ) : (
      <SavedResults params={params} renderCommunity={renderCommunity} onShowType={showType} />
    );
  }

  return (
    <div className="search-page">
      <h1 className="search-page__title">{q ? 'Search results' : 'Search'}</h1>
      <SearchBox key={q} initialText={q} popup inputRef={inputRef} onSearch={(text) => runSearch(text, { type, sort })} />
      {!online && <SearchOfflineNote />}
      <div className="search-page__controls">
        <TabList baseId={baseId} tabs={TABS} value={type} onChange={(id) => go({ type: id })} label="Kind of results" className="tabs search-page__tabs" tabClassName="tabs__tab" />
        {hasSort(type) && <SortSelect label="Sort results by" sorts={SEARCH_SORTS} labels={SORT_LABELS} value={sort} onChange={(value) => go({ sort: value })} />}
      </div>
      <div role="tabpanel" id={tabPanelId(baseId)} aria-labelledby={tabId(baseId, type)} className="search-page__panel">
        {content}
      </div>
    </div>
  );
}
