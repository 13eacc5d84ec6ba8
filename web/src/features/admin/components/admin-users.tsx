import { ADMIN_USER_SEARCH_MAX, SUGGESTION_DEBOUNCE_MS } from '@quorum/shared/constants';
import { formatCount, formatDate } from '@quorum/shared/format';
import type { User } from '@quorum/shared/entities/users';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { Link } from 'react-router-dom';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { paths } from '../../../config/paths.ts';
import { usersOptions } from '../api/get-users.ts';
import { AdminList } from './admin-list.tsx';
import { AdminPageHeader } from './admin-layout.tsx';

function count(n: number, noun: string): string {
  return `${formatCount(n)} ${noun}${n === 1 ? '' : 's'}`;
}

function UserRow({ user, actions }: { user: User; actions: ReactNode }) {
  return (
    <div className="admin-row">
      <div className="admin-row__main">
        <span className="admin-row__name">
          <Link to={paths.profile.getHref(user.username)}>@{user.username}</Link>{' '}
          {user.isAdmin && <span className="admin-state admin-state--active">Admin</span>}{' '}
          {user.isBanned && <span className="admin-state admin-state--danger">Banned</span>}{' '}
          {user.deleted && <span className="admin-state">Deleted</span>}
        </span>
        <span className="admin-row__meta">
          Joined {formatDate(user.createdAt)} · {count(user.points, 'point')} · {count(user.noPosts, 'post')} · {count(user.noComments, 'comment')}
        </span>
      </div>
      <div className="admin-row__actions">{actions}</div>
    </div>
  );
}

/** /admin/users: every account, newest first, found by name or email, with the admin's actions for each. */
export function AdminUsers({ renderActions }: { renderActions: (user: User) => ReactNode }) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SUGGESTION_DEBOUNCE_MS);
  const query = useInfiniteQuery(usersOptions(search));
  const users = query.data?.pages.flatMap((page) => page.users) ?? [];
  return (
    <>
      <AdminPageHeader title="Users">
        <SearchField
          className="admin-page__search"
          label="Search users by name or email"
          placeholder="Name or email"
          maxLength={ADMIN_USER_SEARCH_MAX}
          value={text}
          onChange={setText}
        />
      </AdminPageHeader>
      <AdminList
        label="Users"
        query={query}
        items={users}
        getKey={(user) => user.id}
        renderItem={(user) => <UserRow user={user} actions={renderActions(user)} />}
        empty={search ? 'No users match this search' : undefined}
      />
    </>
  );
}
