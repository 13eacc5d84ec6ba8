import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../../../components/ui/icon.tsx';
import { Menu } from '../../../../components/ui/menu.tsx';

/** The face of an action button under a post: its icon, and its label where there is room. */
function PostPageActionLabel({ icon, label }: { icon: IconName; label: string }) {
  return (
    <>
      <Icon name={icon} size={18} />
      <span className="post-page__action-label">{label}</span>
    </>
  );
}

interface PostPageActionMenuProps {
  /** The accessible name of the menu button. */
  name: string;
  label: string;
  icon: IconName;
  align: 'start' | 'end';
  children: ReactNode;
}

/** An action under a post that opens a menu (Share, Manage). */
export function PostPageActionMenu({ name, label, icon, align, children }: PostPageActionMenuProps) {
  return (
    <Menu label={name} align={align} buttonClassName="button button--ghost post-page__action" button={<PostPageActionLabel icon={icon} label={label} />}>
      {children}
    </Menu>
  );
}
