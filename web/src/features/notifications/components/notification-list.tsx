import { NOTIFICATIONS_SKELETONS } from '@quorum/shared/constants';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadFailed } from '../../../components/errors/load-failed.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { Menu, MenuButton } from '../../../components/ui/menu.tsx';
import { PullToRefresh } from '../../../components/ui/pull-to-refresh.tsx';
import { SavedCopyNote } from '../../../components/ui/saved-copy-note.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { refetchFirstPage } from '../../../lib/refetch-first-page.ts';
import { notificationsOptions } from '../api/get-notifications.ts';
import { useDeleteAllNotifications } from '../api/delete-all-notifications.ts';
import { useMarkAllNotificationsSeen } from '../api/mark-all-notifications-seen.ts';
import { useOpenNotifications } from '../hooks/use-open-notifications.ts';
import { NotificationItem } from './notification-item.tsx';
import './notifications.css';

function NotificationSkeleton() {
  return (
    <li className="notification notification--skeleton" aria-hidden="true">
      <span className="notification__link">
        <Skeleton className="notification__icon" width={40} height={40} radius="50%" />
        <span className="notification__text">
          <Skeleton width="85%" height={14} />
          <Skeleton width="30%" height={12} />
        </span>
      </span>
    </li>
  );
}

interface NotificationListProps {
  /** The navbar's panel: the first page only, with a link to the whole list. */
  panel?: boolean;
  onNavigate?: () => void;
}

/**
 * The logged-in user's notifications with their actions; opening it resets the new count. The
 * page (not the navbar's panel) refreshes when pulled down.
 */
export function NotificationList({ panel = false, onNavigate }: NotificationListProps) {
  useOpenNotifications();
  const queryClient = useQueryClient();
  const options = notificationsOptions();
  const query = useInfiniteQuery(options);
  const markAllSeen = useMarkAllNotificationsSeen();
  const deleteAll = useDeleteAllNotifications();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const HeadingTag = panel ? 'h2' : 'h1';

  return (
    <section className={panel ? 'notifications notifications--panel' : 'notifications'} aria-labelledby="notifications-heading">
      {!panel && <PullToRefresh enabled={query.data !== undefined} onRefresh={() => refetchFirstPage(queryClient, options.queryKey)} />}
      <header className="notifications__header">
        <HeadingTag id="notifications-heading" className="notifications__heading">
          Notifications
        </HeadingTag>
        <Menu label="Notification actions" buttonClassName="icon-button" button={<Icon name="more" size={20} />}>
          <MenuButton onSelect={() => markAllSeen.mutate({})}>
            <Icon name="check" size={18} /> Mark all as seen
          </MenuButton>
          <MenuButton onSelect={() => markAllSeen.mutate({ type: 'new_votes' })}>
            <Icon name="arrowUp" size={18} /> Mark upvotes as seen
          </MenuButton>
          <MenuButton onSelect={() => setConfirmDelete(true)}>
            <Icon name="trash" size={18} /> Delete all
          </MenuButton>
        </Menu>
      </header>
      {query.isPending ? (
        <ul className="notifications__list" aria-busy="true">
          {Array.from({ length: NOTIFICATIONS_SKELETONS }, (_, index) => (
            <NotificationSkeleton key={index} />
          ))}
        </ul>
      ) : query.isError && items.length === 0 ? (
        <LoadFailed query={query} className="notifications__empty" message="Couldn't load notifications." />
      ) : items.length === 0 ? (
        <div className="notifications__empty">
          <Icon name="bell" size={32} />
          <p>No notifications yet.</p>
        </div>
      ) : (
        <>
          {!panel && <SavedCopyNote updatedAt={query.dataUpdatedAt} />}
          <ul className="notifications__list">
            {items.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} onOpen={onNavigate} />
            ))}
          </ul>
        </>
      )}
      {panel ? (
        <Link className="notifications__all" to={paths.notifications.getHref()} onClick={onNavigate}>
          See all notifications
        </Link>
      ) : (
        <LoadMore
          hasNextPage={query.hasNextPage}
          isFetchingNextPage={query.isFetchingNextPage}
          isFetchNextPageError={query.isFetchNextPageError}
          fetchNextPage={() => void query.fetchNextPage()}
        />
      )}
      <ConfirmDialog
        open={confirmDelete}
        title="Are you sure?"
        description="Every notification will be deleted."
        confirmLabel="Delete all"
        danger
        busy={deleteAll.isPending}
        onConfirm={() => deleteAll.mutate(undefined, { onSettled: () => setConfirmDelete(false) })}
        onClose={() => setConfirmDelete(false)}
      />
    </section>
  );
}
