import type { User } from '@quorum/shared/entities/users';
import { matchPath, useLocation, useNavigate } from 'react-router-dom';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { Menu, MenuButton, MenuLink, MenuSeparator, MenuSwitch } from '../../components/ui/menu.tsx';
import { paths } from '../../config/paths.ts';
import { useLogout } from '../../lib/session/logout.ts';
import { setTheme, useTheme } from '../../lib/theme.ts';

const LOGIN_ONLY = [paths.settings.path, paths.newPost.path, paths.notifications.path, paths.admin.path];

export function UserMenu({ user }: { user: User }) {
  const logout = useLogout();
  const { theme } = useTheme();
  const location = useLocation();
  const navigate = useNavigate();
  const name = `@${user.username}`;

  const onLogout = () => {
    const leaving = LOGIN_ONLY.some((pattern) => matchPath(pattern, location.pathname));
    // The menu unmounts as soon as the user is gone, so the promise (not a per-call callback)
    // carries the navigation away from a screen that needs an account.
    logout
      .mutateAsync()
      .then(() => {
        if (leaving) navigate(paths.home.getHref(), { replace: true });
      })
      .catch(() => {
        // The mutation cache shows the failure.
      });
  };

  return (
    <Menu
      label={name}
      buttonClassName="user-button"
      button={
        <>
          <Avatar name={user.username} image={user.proPic} size={28} />
          <span className="user-button__name">{name}</span>
          <Icon name="chevronDown" size={16} className="icon user-button__chevron" />
        </>
      }
    >
      <MenuLink to={paths.settings.getHref()}>
        <Icon name="settings" />
        Settings
      </MenuLink>
      <MenuLink to={paths.drafts.getHref()}>
        <Icon name="document" />
        Drafts
      </MenuLink>
      <MenuLink to={paths.profile.getHref(user.username)}>
        <Icon name="user" />
        Profile
      </MenuLink>
      {user.isAdmin && (
        <MenuLink to={paths.admin.getHref()}>
          <Icon name="shield" />
          Admin dashboard
        </MenuLink>
      )}
      <MenuSwitch checked={theme === 'dark'} onChange={(dark) => setTheme(dark ? 'dark' : 'light')}>
        <Icon name="moon" />
        Dark mode
      </MenuSwitch>
      <MenuSeparator />
      <MenuButton onSelect={onLogout} disabled={logout.isPending}>
        <Icon name="logout" />
        Logout
      </MenuButton>
    </Menu>
  );
}
