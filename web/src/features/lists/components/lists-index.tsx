import { LIST_FILTERS, LIST_ORDERS } from '@quorum/shared/constants';
import { LoadFailed } from '../../../components/errors/load-failed.tsx';
import { isUnavailableOffline } from '../../../lib/offline.ts';
import { formatCount } from '@quorum/shared/format';
import type { List } from '@quorum/shared/entities/lists';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Icon } from '../../../components/ui/icon.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { SortSelect } from '../../../components/ui/sort-select.tsx';
import { TabList, tabId, tabPanelId } from '../../../components/ui/tabs.tsx';
import { TimeAgo } from '../../../components/ui/time-ago.tsx';
import { paths } from '../../../config/paths.ts';
import { userListsOptions } from '../api/get-user-lists.ts';
import type { ListFilter, ListOrder } from '../api/keys.ts';
import { ListFormModal } from './list-form-modal.tsx';
import './lists.css';

const ORDER_LABELS: Record<ListOrder, string> = { lastAdded: 'Last added', name: 'A-Z' };
const FILTER_TABS = LIST_FILTERS.map((id) => ({ id, label: { all: 'All', public: 'Public', private: 'Private' }[id] }));

function pick<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.find((candidate) => candidate === value) ?? fallback;
}

function itemsLabel(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'item' : 'items'}`;
}

function ListRow({ list }: { list: List }) {
  return (
    <li className="list-row card">
      <span className="list-row__icon" aria-hidden="true">
        <Icon name="bookmark" size={20} />
      </span>
      <div className="list-row__text">
        <Link className="list-row__title" to={paths.list.getHref(list.username, list.name)}>
          {list.displayName}
        </Link>
        <p className="list-row__meta">
          {itemsLabel(list.numItems)}
          <span aria-hidden="true"> · </span>
          updated <TimeAgo date={list.lastUpdatedAt} />
          {!list.public && (
            <span className="list-badge">
              <Icon name="lock" size={12} />
              Private
            </span>
          )}
        </p>
      </div>
    </li>
  );
}

function ListRowsSkeleton() {
  return (
    <ul className="list-rows" aria-hidden="true">
      {[0, 1, 2].map((index) => (
        <li key={index} className="list-row card">
          <Skeleton width={40} height={40} radius={12} />
          <div className="list-row__text">
            <Skeleton width="45%" height={18} />
            <Skeleton width="30%" height={14} />
          </div>
        </li>
      ))}
    </ul>
  );
}

interface ListsIndexProps {
  username: string;
  isOwner: boolean;
}

/**
 * A user's lists: sorted by last added or by name; the owner also filters public and private
 * lists and makes new ones.
 */
export function ListsIndex({ username, isOwner }: ListsIndexProps) {
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const baseId = useId();
  const sort = pick(LIST_ORDERS, params.get('sort'), 'lastAdded');
  const filter = isOwner ? pick(LIST_FILTERS, params.get('filter'), 'all') : 'all';
  const lists = useQuery(userListsOptions(username, sort, filter));

  const setParam = (name: string, value: string, fallback: string) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === fallback) next.delete(name);
      else next.set(name, value);
      return next;
    }, { replace: true });
  };

  const content = isUnavailableOffline(lists) || lists.isError ? (
    <LoadFailed query={lists} savedCopy="page" message="Couldn't load the lists." />
  ) : lists.isPending ? (
    <ListRowsSkeleton />
  ) : lists.data.length === 0 ? (
    <div className="feed-status feed-status--empty">
      <p>Nothing to show</p>
      {isOwner && filter === 'all' && <span>Save posts and comments to lists to find them again.</span>}
    </div>
  ) : (
    <ul className="list-rows">
      {lists.data.map((list) => (
        <ListRow key={list.id} list={list} />
      ))}
    </ul>
  );

  return (
    <section className="lists-page" aria-labelledby={`${baseId}-title`}>
      <header className="lists-page__header">
        <div className="lists-page__titles">
          <h1 id={`${baseId}-title`} className="lists-page__title">
            {isOwner ? 'My lists' : 'Lists'}
          </h1>
          <Link className="lists-page__owner" to={paths.profile.getHref(username)}>
            @{username}
          </Link>
        </div>
        {isOwner && (
          <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
            <Icon name="plus" size={18} />
            New list
          </button>
        )}
      </header>
      <div className="lists-page__controls">
        {isOwner && (
          <TabList
            baseId={baseId}
            tabs={FILTER_TABS}
            value={filter}
            onChange={(id: ListFilter) => setParam('filter', id, 'all')}
            label="Show lists"
            className="tabs lists-page__tabs"
            tabClassName="tabs__tab"
          />
        )}
        <SortSelect label="Sort lists by" sorts={LIST_ORDERS} labels={ORDER_LABELS} value={sort} onChange={(id) => setParam('sort', id, 'lastAdded')} />
      </div>
      <div id={isOwner ? tabPanelId(baseId) : undefined} role={isOwner ? 'tabpanel' : undefined} aria-labelledby={isOwner ? tabId(baseId, filter) : undefined}>
        {content}
      </div>
      {isOwner && (
        <ListFormModal open={creating} onClose={() => setCreating(false)} />
      )}
    </section>
  );
}
