import { POST_TYPES } from '@quorum/shared/constants';
import type { PostType } from '@quorum/shared/types';
import { useRef, type KeyboardEvent } from 'react';
import { Icon, type IconName } from '../../../../components/ui/icon.tsx';

const TABS: Record<PostType, { label: string; icon: IconName }> = {
  text: { label: 'Text', icon: 'document' },
  image: { label: 'Image', icon: 'images' },
  link: { label: 'Link', icon: 'link' },
};

export const tabId = (baseId: string, type: PostType) => `${baseId}-tab-${type}`;

interface PostTypeTabsProps {
  /** Prefix of the tab ids; the panel is `${baseId}-panel`. */
  baseId: string;
  value: PostType;
  onChange: (type: PostType) => void;
  /** An edit keeps the post's type: the other tabs cannot be chosen. */
  locked?: boolean;
}

/**
 * The kind of post (WAI-ARIA tabs with automatic activation): Left and Right move between the
 * tabs and choose, Home and End go to the first and last.
 */
export function PostTypeTabs({ baseId, value, onChange, locked }: PostTypeTabsProps) {
  const listRef = useRef<HTMLDivElement>(null);

  const choose = (type: PostType) => {
    onChange(type);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(baseId, type))}`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (locked) return;
    const index = POST_TYPES.indexOf(value);
    const last = POST_TYPES.length - 1;
    const next: Record<string, number> = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last };
    const target = POST_TYPES[next[event.key] ?? -1];
    if (target === undefined) return;
    event.preventDefault();
    choose(target);
  };

  return (
    <div ref={listRef} role="tablist" aria-label="Kind of post" className="post-tabs" onKeyDown={onKeyDown}>
      {POST_TYPES.map((type) => {
        const selected = type === value;
        const disabled = locked && !selected;
        return (
          <button
            key={type}
            type="button"
            role="tab"
            id={tabId(baseId, type)}
            className="post-tabs__tab"
            aria-selected={selected}
            aria-controls={selected ? `${baseId}-panel` : undefined}
            aria-disabled={disabled || undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => {
              if (!disabled) choose(type);
            }}
          >
            <Icon name={TABS[type].icon} size={18} />
            {TABS[type].label}
          </button>
        );
      })}
    </div>
  );
}
