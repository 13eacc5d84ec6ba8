import { Link, useLocation } from 'react-router-dom';
import { Icon } from './icon.tsx';
import './pagination.css';

/** Most page buttons shown at once. */
const MAX_BUTTONS = 8;
/** From this many pages on, runs of pages give way to an ellipsis. */
const ELLIPSIS_FROM = 10;
/** Pages kept around the current one between the two ellipses (with the first and last: MAX_BUTTONS). */
const MIDDLE = MAX_BUTTONS - 2;

export type PageItem = number | 'gap';

/**
 * The page buttons for `current` of `total` pages: every page below ELLIPSIS_FROM pages; from
 * there, MAX_BUTTONS pages — the first, the last and a run around the current one — with a gap
 * (an ellipsis) for each run of two or more pages left out.
 */
export function pageItems(current: number, total: number): PageItem[] {
  if (total < 1) return [];
  const page = Math.min(Math.max(1, current), total);
  if (total < ELLIPSIS_FROM) return Array.from({ length: total }, (_, index) => index + 1);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
  // Near either end, one run of MAX_BUTTONS - 1 pages touches that end.
  if (page <= MIDDLE - 1) return [...range(1, MAX_BUTTONS - 1), 'gap', total];
  if (page >= total - MIDDLE + 1) return [1, 'gap', ...range(total - MAX_BUTTONS + 2, total)];
  const start = page - Math.floor((MIDDLE - 1) / 2);
  return [1, 'gap', ...range(start, start + MIDDLE - 1), 'gap', total];
}

/** The `page` query parameter: a positive whole number, 1 when missing or anything else. */
export function parsePage(value: string | null): number {
  if (value === null || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/** The page the address asks for (`?page=`, default 1). */
export function usePageParam(): number {
  const { search } = useLocation();
  return parsePage(new URLSearchParams(search).get('page'));
}

interface PaginationProps {
  /** The page shown. */
  page: number;
  /** How many pages there are. */
  total: number;
  /** Names the navigation landmark. */
  label?: string;
}

/**
 * Numbered pages as links to the same address with `?page=N` (other parameters kept), with
 * Previous and Next. Nothing is shown for a single page.
 */
export function Pagination({ page, total, label = 'Pages' }: PaginationProps) {
  const location = useLocation();
  if (total <= 1) return null;
  const href = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target === 1) params.delete('page');
    else params.set('page', String(target));
    const query = params.toString();
    return { pathname: location.pathname, search: query ? `?${query}` : '' };
  };
  const step = (target: number, name: string, icon: 'chevronLeft' | 'chevronRight') =>
    target >= 1 && target <= total ? (
      <Link className="pagination__step" to={href(target)} aria-label={`${name} page`}>
        <Icon name={icon} size={18} />
      </Link>
    ) : (
      <span className="pagination__step" aria-hidden="true" data-disabled>
        <Icon name={icon} size={18} />
      </span>
    );

  return (
    <nav className="pagination" aria-label={label}>
      {step(page - 1, 'Previous', 'chevronLeft')}
      <ul className="pagination__pages">
        {pageItems(page, total).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link className="pagination__page" to={href(item)} aria-current={item === page ? 'page' : undefined} aria-label={`Page ${item}`}>
                {item}
              </Link>
            </li>
          ),
        )}
      </ul>
      {step(page + 1, 'Next', 'chevronRight')}
    </nav>
  );
}
