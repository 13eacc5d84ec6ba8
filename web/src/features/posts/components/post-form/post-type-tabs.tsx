import { POST_TYPES } from '@quorum/shared/constants';
import type { PostType } from '@quorum/shared/entities/posts';
import { Icon, type IconName } from '../../../../components/ui/icon.tsx';
import { TabList } from '../../../../components/ui/tabs.tsx';

const TABS: Record<PostType, { label: string; icon: IconName }> = {
  text: { label: 'Text', icon: 'document' },
  image: { label: 'Image', icon: 'images' },
  link: { label: 'Link', icon: 'link' },
};

interface PostTypeTabsProps {
  /** Prefix of the tab and panel ids. */
  baseId: string;
  value: PostType;
  onChange: (type: PostType) => void;
  /** An edit keeps the post's type: the other tabs cannot be chosen. */
  locked?: boolean;
}

/** The kind of post: Text, Image or Link. */
export function PostTypeTabs({ baseId, value, onChange, locked }: PostTypeTabsProps) {
  const tabs = POST_TYPES.map((type) => ({
    id: type,
    disabled: locked && type !== value,
    label: (
      <>
        <Icon name={TABS[type].icon} size={18} />
        {TABS[type].label}
      </>
    ),
  }));
  return (
    <TabList baseId={baseId} tabs={tabs} value={value} onChange={onChange} label="Kind of post" className="post-tabs" tabClassName="post-tabs__tab" />
  );
}
