import { DataExportSection } from '../../features/settings/components/data-export-section.tsx';
import { DeleteAccountSection } from '../../features/settings/components/delete-account-section.tsx';
import { DevicePreferencesSection } from '../../features/settings/components/device-preferences-section.tsx';
import { MutedSection } from '../../features/settings/components/muted-section.tsx';
import { PasswordSection } from '../../features/settings/components/password-section.tsx';
import { ProfileSettingsForm } from '../../features/settings/components/profile-settings-form.tsx';
import { PasskeysSection } from '../../features/settings/components/passkeys-section.tsx';
import { SessionsSection } from '../../features/settings/components/sessions-section.tsx';
import { TwoStepSection } from '../../features/settings/components/two-step-section.tsx';
import { ProPicSetting } from '../../features/users/components/pro-pic-setting.tsx';
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
      <ProfileSettingsForm key={user.id} user={user} picture={<ProPicSetting user={user} />} />
      <DevicePreferencesSection />
      <PasswordSection />
      <TwoStepSection />
      <SessionsSection />
      <PasskeysSection />
      <MutedSection />
      <DataExportSection user={user} />
      <DeleteAccountSection user={user} />
    </div>
  );
}
