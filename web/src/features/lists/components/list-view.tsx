import { ApiError } from '@quorum/client/api-error';
import { LoadFailed } from '../../../components/errors/load-failed.tsx';
import { isUnavailableOffline } from '../../../lib/offline.ts';
import { formatCount, formatDate } from '@quorum/shared/format';
import type { List, ListItem } from '@quorum/shared/entities/lists';
import type { Post } from '@quorum/shared/entities/posts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { NotFoundPage } from '../../../components/errors/not-found.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { Menu, MenuButton, MenuSeparator } from '../../../components/ui/menu.tsx';
import { Skeleton, SkeletonLines } from '../../../components/ui/skeleton.tsx';
import { TimeAgo } from '../../../components/ui/time-ago.tsx';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useSessionUser } from '../../../lib/session/get-initial.ts';
import { useClearList } from '../api/clear-list.ts';
import { useDeleteList } from '../api/delete-list.ts';
import { listOptions } from '../api/get-list.ts';
import { listItemsOptions } from '../api/get-list-items.ts';
import { usePendingRemovals, useSaveToList } from '../api/save-to-list.ts';
import { ListFormModal } from './list-form-modal.tsx';
import { SavedComment } from './saved-comment.tsx';
import './lists.css';

type Dialog = 'edit' | 'clear' | 'delete' | null;

function ListSummary({ list, className }: { list: List; className: string }) {
  return (
    <section className={`card list-summary ${className}`} aria-label="About this list">
      <dl className="list-summary__facts">
        <div>
          <dt>Items</dt>
          <dd>{formatCount(list.numItems)}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDate(list.createdAt)}</dd>
        </div>
        <div>
          <dt>Last updated</dt>
          <dd>
            <TimeAgo date={list.lastUpdatedAt} />
          </dd>
        </div>
      </dl>
    </section>
  );
}

function ListHeader({ list, isOwner, onDialog }: { list: List; isOwner: boolean; onDialog: (dialog: Dialog) => void }) {
  return (
    <header className="card list-header">
      <div className="list-header__top">
        <div className="list-header__titles">
          <h1 className="list-header__title">{list.displayName}</h1>
          <p className="list-header__meta">
            <Link to={paths.lists.getHref(list.username)}>@{list.username}'s lists</Link>
            {!list.public && (
              <span className="list-badge">
                <Icon name="lock" size={12} />
                Private
              </span>
            )}
          </p>
        </div>
        {isOwner && (
          <Menu label="List options" buttonClassName="icon-button" button={<Icon name="more" />}>
            <MenuButton onSelect={() => onDialog('edit')}>
              <Icon name="document" />
              Edit
            </MenuButton>
            <MenuButton onSelect={() => onDialog('clear')} disabled={list.numItems === 0}>
              <Icon name="close" />
              Remove all items
            </MenuButton>
            <MenuSeparator />
            <MenuButton onSelect={() => onDialog('delete')}>
              <Icon name="trash" />
              Delete list
            </MenuButton>
          </Menu>
        )}
      </div>
      {list.description && <p className="list-header__description">{list.description}</p>}
    </header>
  );
}

function ListItems({ list, isOwner, renderPost }: { list: List; isOwner: boolean; renderPost: (post: Post) => ReactNode }) {
  const items = useInfiniteQuery(listItemsOptions(list.username, list.name));
  const save = useSaveToList();
  const removing = usePendingRemovals(list.id);

  if (isUnavailableOffline(items) || items.isError) return <LoadFailed query={items} savedCopy="posts" message="Couldn't load the list." />;
  if (items.isPending) {
    return (
      <div className="list-items" aria-busy="true">
        {[0, 1, 2].map((index) => (
          <div key={index} className="card list-items__skeleton" aria-hidden="true">
            <SkeletonLines lines={[['40%', 14], ['85%', 20], ['65%', 14]]} />
          </div>
        ))}
      </div>
    );
  }
  const all: ListItem[] = items.data.pages.flatMap((page) => page.items).filter((item) => !removing.has(item.targetId));
  if (all.length === 0) {
    return (
      <div className="feed-status feed-status--empty">
        <p>Nothing to show</p>
        {isOwner && <span>Save posts and comments here with their Save button.</span>}
      </div>
    );
  }
  return (
    <>
      <ol className="list-items" aria-label={`Items of ${list.displayName}`}>
        {all.map((item) => (
          <li key={item.id} className="list-item">
            <div className="list-item__bar">
              <span>
                Saved <TimeAgo date={item.createdAt} />
              </span>
              {isOwner && (
                <button
                  type="button"
                  className="link-button list-item__remove"
                  onClick={() => save({ list, target: { type: item.targetType, id: item.targetId }, saved: false })}
                  aria-label={`Remove this ${item.targetType} from the list`}
                >
                  Remove
                </button>
              )}
            </div>
            {item.targetType === 'post' ? renderPost(item.targetItem) : <SavedComment comment={item.targetItem} />}
          </li>
        ))}
      </ol>
      <LoadMore
        hasNextPage={items.hasNextPage}
        isFetchingNextPage={items.isFetchingNextPage}
        isFetchNextPageError={items.isFetchNextPageError}
        fetchNextPage={items.fetchNextPage}
      />
      {!items.hasNextPage && <p className="feed-status">No more items</p>}
    </>
  );
}

function ListPageSkeleton() {
  return (
    <div className="columns" aria-busy="true">
      <div className="columns__main">
        <div className="card list-header" aria-hidden="true">
          <Skeleton width="50%" height={26} />
          <Skeleton width="30%" height={14} />
        </div>
      </div>
    </div>
  );
}

interface ListViewProps {
  username: string;
  listName: string;
  /** How a saved post is drawn (the feed's card). */
  renderPost: (post: Post) => ReactNode;
}

/**
 * One list: its header (with Edit, Remove all items and Delete for the owner), the summary card,
 * and its posts and comments, the latest saved first, each removable by the owner.
 */
export function ListView({ username, listName, renderPost }: ListViewProps) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useQuery(listOptions(username, listName));
  const clear = useClearList();
  const remove = useDeleteList();
  useDocumentTitle(list.data?.displayName);

  if (list.error instanceof ApiError && list.error.status === 404) return <NotFoundPage />;
  if (isUnavailableOffline(list) || list.isError) return <LoadFailed query={list} savedCopy="page" message="Couldn't load the list." />;
  if (list.isPending) return <ListPageSkeleton />;
  const current = list.data;
  const isOwner = user?.id === current.userId;
  const close = () => setDialog(null);

  return (
    <div className="columns">
      <div className="columns__main">
        <ListHeader list={current} isOwner={isOwner} onDialog={setDialog} />
        <ListSummary list={current} className="list-summary--inline" />
        <ListItems list={current} isOwner={isOwner} renderPost={renderPost} />
      </div>
      <aside className="columns__aside columns__aside--wide-only">
        <ListSummary list={current} className="" />
      </aside>
      {isOwner && (
        <>
          <ListFormModal
            open={dialog === 'edit'}
            list={current}
            onClose={close}
            onDone={(saved) => {
              if (saved.name !== current.name) navigate(paths.list.getHref(saved.username, saved.name), { replace: true });
            }}
          />
          <ConfirmDialog
            open={dialog === 'clear'}
            title="Remove all items?"
            description="Are you sure you want to remove all items from the list?"
            confirmLabel="Remove all"
            danger
            busy={clear.isPending}
            onConfirm={() => clear.mutate({ list: current }, { onSettled: close })}
            onClose={close}
          />
          <ConfirmDialog
            open={dialog === 'delete'}
            title="Delete list?"
            description="Are you sure you want to delete the list?"
            confirmLabel="Delete"
            danger
            busy={remove.isPending}
            onConfirm={() =>
              remove.mutate({ list: current }, { onSuccess: () => navigate(paths.lists.getHref(current.username), { replace: true }), onSettled: close })
            }
            onClose={close}
          />
        </>
      )}
    </div>
  );
}
