import { SelectField, SwitchField } from '../../../components/ui/switch.tsx';
import { useIsMobile } from '../../../hooks/use-media-query.ts';
import { updateDevicePreferences, useDevicePreferences } from '../../../lib/device-preferences.ts';
import { setThemeChoice, useTheme, type ThemeChoice } from '../../../lib/theme.ts';
import { PushSetting } from './push-setting.tsx';

const THEME_OPTIONS: ReadonlyArray<{ value: ThemeChoice; label: string }> = [
  { value: 'system', label: 'Same as device' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** Preferences kept on this device only; each change applies at once. */
export function DevicePreferencesSection() {
  const preferences = useDevicePreferences();
  const { choice } = useTheme();
  const isMobile = useIsMobile();
  return (
    <section className="card settings-section" aria-labelledby="settings-device">
      <h2 id="settings-device" className="settings-section__title">
        Device preferences
      </h2>
      <p className="settings-section__note">These are saved in this browser only and apply right away.</p>
      <PushSetting />
      <SelectField label="Theme" value={choice} options={THEME_OPTIONS} onChange={setThemeChoice} />
      <SelectField
        label="Font"
        value={preferences.font}
        options={[
          { value: 'custom', label: 'Quorum (Inter)' },
          { value: 'system', label: 'System font' },
        ]}
        onChange={(font) => updateDevicePreferences({ font })}
      />
      <SelectField
        label="Feed layout"
        description="How posts are shown in feeds."
        value={preferences.feed_layout}
        options={[
          { value: 'card', label: 'Cards' },
          { value: 'compact', label: 'Compact' },
        ]}
        onChange={(feed_layout) => updateDevicePreferences({ feed_layout })}
      />
      <SwitchField
        label="Hide the top bar while scrolling"
        description="On phones, the top bar slides away as you scroll down and comes back as you scroll up."
        checked={!preferences.top_navbar_autohide_disabled}
        onChange={(enabled) => updateDevicePreferences({ top_navbar_autohide_disabled: !enabled })}
      />
      <SwitchField
        label="Infinite scrolling"
        description="Load more posts automatically at the end of a feed, instead of with a More button."
        checked={!preferences.infinite_scrolling_disabled}
        onChange={(enabled) => updateDevicePreferences({ infinite_scrolling_disabled: !enabled })}
      />
      {/* Phones rarely have a keyboard: no talk of shortcuts there. */}
      {!isMobile && (
        <SwitchField
          label="Keyboard shortcuts"
          description="Single keys move through posts and comments (j, k) and act on them (a, z, o, s, r, c); press ? for the list. Turn them off if speech input or another tool types letters for you."
          checked={!preferences.keyboard_shortcuts_disabled}
          onChange={(enabled) => updateDevicePreferences({ keyboard_shortcuts_disabled: !enabled })}
        />
      )}
    </section>
  );
}
