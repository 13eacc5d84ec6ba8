import { Icon } from '../../../components/ui/icon.tsx';

/** Says that what is shown was found in the data saved on this device, not on the server. */
export function SearchOfflineNote() {
  return (
    <p className="search-offline-note" role="status" data-testid="search-offline-note">
      <Icon name="offline" size={18} />
      <span>You're offline. These results come only from data saved on this device.</span>
    </p>
  );
}
