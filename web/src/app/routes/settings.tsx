import { AccountSection } from '../../features/settings/components/account-section.tsx';
import { DevicePreferencesSection } from '../../features/settings/components/device-preferences-section.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useSessionUser } from '../../lib/session/get-initial.ts';
import './settings.css';

export function SettingsRoute() {
  const user = useSessionUser();
  useDocumentTitle('Settings');
  if (!user) return null;
  return (
    <div className="settings">
      <h1 className="page-title">Settings</h1>
      <AccountSection user={user} />
      <DevicePreferencesSection />
    </div>
  );
}
