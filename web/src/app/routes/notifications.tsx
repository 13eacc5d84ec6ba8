import { NotificationList } from '../../features/notifications/components/notification-list.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

export function NotificationsRoute() {
  useDocumentTitle('Notifications');
  return <NotificationList />;
}
