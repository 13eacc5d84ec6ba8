import type { UserGroup } from '@quorum/shared/entities/users';

const GROUP_LABEL: Record<UserGroup, string | null> = { normal: null, mods: 'Mod', admins: 'Admin' };

/** The badge beside an author who spoke as a moderator or an admin. */
export function UserGroupBadge({ group }: { group: UserGroup }) {
  const label = GROUP_LABEL[group];
  if (!label) return null;
  return (
    <span className={`group-badge group-badge--${group}`} title={group === 'mods' ? 'Speaking as a moderator' : 'Speaking as an admin'}>
      {label}
    </span>
  );
}
