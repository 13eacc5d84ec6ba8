import { useOnline } from '../../hooks/use-online.ts';
import { TimeAgo } from './time-ago.tsx';
import './saved-copy-note.css';

/** While offline, says that the screen shows the copy saved on the device, and when it was last updated. */
export function SavedCopyNote({ updatedAt }: { updatedAt: number }) {
  const online = useOnline();
  if (online || updatedAt === 0) return null;
  return (
    <p className="saved-copy-note" role="status" data-testid="saved-copy-note">
      You're offline. Last updated <TimeAgo date={new Date(updatedAt).toISOString()} />.
    </p>
  );
}
