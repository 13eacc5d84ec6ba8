import type { Notification } from '@quorum/shared/entities/notifications';
import { Link } from 'react-router-dom';
import { Icon } from '../../../components/ui/icon.tsx';
import { Menu, MenuButton } from '../../../components/ui/menu.tsx';
import { TimeAgo } from '../../../components/ui/time-ago.tsx';
import { useDeleteNotification } from '../api/delete-notification.ts';
import { useMarkNotificationSeen } from '../api/mark-notification-seen.ts';

interface NotificationItemProps {
  notification: Notification;
  /** Called after the notification's link was followed (the panel closes). */
  onOpen?: () => void;
}

/** One notification: its icon, its title (HTML written and escaped by the server) and its time. */
export function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const markSeen = useMarkNotificationSeen();
  const remove = useDeleteNotification();
  const body = (
    <>
      <img className="notification__icon" src={notification.icons[0]} alt="" width={40} height={40} loading="lazy" />
      <span className="notification__text">
        <span className="notification__title" dangerouslySetInnerHTML={{ __html: notification.title }} />
        <TimeAgo className="notification__time" date={notification.createdAt} />
      </span>
    </>
  );
  return (
    <li className="notification" data-seen={notification.seen || undefined}>
      {notification.toURL === '#' ? (
        <div className="notification__link">{body}</div>
      ) : (
        <Link
          className="notification__link"
          to={notification.toURL}
          onClick={() => {
            if (!notification.seen) markSeen.mutate({ id: notification.id, seen: true });
            onOpen?.();
          }}
        >
          {body}
        </Link>
      )}
      {!notification.seen && <span className="notification__dot" aria-label="New" role="img" />}
      <Menu label="Notification options" buttonClassName="icon-button notification__menu" button={<Icon name="more" size={18} />}>
        <MenuButton onSelect={() => markSeen.mutate({ id: notification.id, seen: !notification.seen })}>
          <Icon name={notification.seen ? 'eyeOff' : 'check'} size={18} /> {notification.seen ? 'Mark as unseen' : 'Mark as seen'}
        </MenuButton>
        <MenuButton onSelect={() => remove.mutate({ id: notification.id })}>
          <Icon name="trash" size={18} /> Delete
        </MenuButton>
      </Menu>
    </li>
  );
}
