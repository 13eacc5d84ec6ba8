import { formatDate } from '@quorum/shared/format';
import type { User } from '@quorum/shared/entities/users';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { userAdminsViewOptions } from '../api/get-user.ts';
import './profile.css';

function Row({ term, value }: { term: string; value: string | null | undefined }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value || '—'}</dd>
    </div>
  );
}

/** The full details of an account (email, addresses, last visit, states), shown to admins only. */
export function AdminDetailsCard({ user }: { user: User }) {
  const titleId = useId();
  const query = useQuery(userAdminsViewOptions(user.username));
  const details = query.data;
  return (
    <section className="card profile-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="profile-card__title">
        Admin view
      </h2>
      {details ? (
        <dl className="profile-card__facts profile-card__facts--single">
          <Row term="Email" value={details.email} />
          <Row term="Last seen" value={details.lastSeen ? formatDate(details.lastSeen) : null} />
          <Row term="Last seen from" value={details.lastSeenIP} />
          <Row term="Signed up from" value={details.createdIP} />
          <Row term="Suspended" value={details.bannedAt ? formatDate(details.bannedAt) : 'No'} />
          <Row term="Deleted" value={details.deletedAt ? formatDate(details.deletedAt) : 'No'} />
        </dl>
      ) : query.isError ? (
        <p className="muted">The details couldn't be loaded.</p>
      ) : (
        <div className="profile-feed__skeleton" role="status" aria-label="Loading details">
          <Skeleton width="80%" height={14} />
          <Skeleton width="60%" height={14} />
          <Skeleton width="70%" height={14} />
        </div>
      )}
    </section>
  );
}
