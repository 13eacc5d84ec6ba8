import { formatCount } from '@quorum/shared/format';
import type { Community } from '@quorum/shared/entities/communities';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { adminCommunitiesOptions } from '../api/get-communities.ts';
import { useSetDefaultCommunity } from '../api/set-default-community.ts';
import { AdminList } from './admin-list.tsx';
import { AdminPageHeader } from './admin-layout.tsx';

function CommunityRow({ community }: { community: Community }) {
  const setDefault = useSetDefaultCommunity();
  // The switch moves at once, and holds its place until the list has loaded again.
  const [switching, setSwitching] = useState<boolean | null>(null);
  const isDefault = switching ?? community.isDefault;
  return (
    <div className="admin-row">
      <div className="admin-row__main">
        <Link className="admin-row__name" to={paths.community.getHref(community.name)}>
          /{community.name}
        </Link>
        <span className="admin-row__meta">
          {formatCount(community.noMembers)} {community.noMembers === 1 ? 'member' : 'members'}
        </span>
      </div>
      <label className="admin-switch">
        <input
          type="checkbox"
          role="switch"
          className="switch-input"
          aria-label={`Default community: /${community.name}`}
          checked={isDefault}
          disabled={setDefault.isPending}
          onChange={(event) => {
            setSwitching(event.target.checked);
            setDefault.mutate({ name: community.name, isDefault: event.target.checked }, { onSettled: () => setSwitching(null) });
          }}
        />
        Default
      </label>
    </div>
  );
}

/**
 * /admin/communities: every community by name, each with a Default switch (default communities
 * make up the home feed and the sidebar of visitors).
 */
export function AdminCommunities() {
  const query = useInfiniteQuery(adminCommunitiesOptions());
  const communities = query.data?.pages.flatMap((page) => page.communities) ?? [];
  return (
    <>
      <AdminPageHeader title="Communities" />
      <AdminList
        label="Communities"
        query={query}
        items={communities}
        getKey={(community) => community.id}
        renderItem={(community) => <CommunityRow community={community} />}
      />
    </>
  );
}
