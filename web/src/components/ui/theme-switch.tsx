import { setTheme, useTheme } from '../../lib/theme.ts';
import { Icon } from './icon.tsx';
import './theme-switch.css';

/** The Dark mode switch for everyone (the user menu has its own, as a menu item). */
export function ThemeSwitch({ className }: { className?: string }) {
  const { theme } = useTheme();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      className={`theme-switch${className ? ` ${className}` : ''}`}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
    >
      <Icon name="moon" />
      <span className="theme-switch__label">Dark mode</span>
      <span className="switch" data-checked={dark} aria-hidden="true">
        <span className="switch__thumb" />
      </span>
    </button>
  );
}
