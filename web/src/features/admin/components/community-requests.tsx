import { formatDate } from '@quorum/shared/format';
import type { CommunityRequest } from '@quorum/shared/entities/community-requests';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { communityRequestsOptions } from '../api/get-community-requests.ts';
import { AdminList } from './admin-list.tsx';
import { AdminPageHeader } from './admin-layout.tsx';
import { DenyRequestModal } from './deny-request-modal.tsx';

function RequestState({ request }: { request: CommunityRequest }) {
  if (request.communityExists) return <span className="admin-state admin-state--active">Created</span>;
  if (request.deniedAt) return <span className="admin-state admin-state--danger">Denied</span>;
  return <span className="admin-state">Pending</span>;
}

interface RequestRowProps {
  request: CommunityRequest;
  onCreate: () => void;
  onDeny: () => void;
}

function RequestRow({ request, onCreate, onDeny }: RequestRowProps) {
  const pending = !request.communityExists && !request.deniedAt;
  return (
    <div className="admin-row">
      <div className="admin-row__main">
        <span className="admin-row__name">
          {request.communityExists ? (
            <Link to={paths.community.getHref(request.communityName)}>/{request.communityName}</Link>
          ) : (
            `/${request.communityName}`
          )}{' '}
          <RequestState request={request} />
        </span>
        <span className="admin-row__meta">
          Requested {formatDate(request.createdAt)} by{' '}
          {request.byUser ? <Link to={paths.profile.getHref(request.byUser)}>@{request.byUser}</Link> : 'a deleted account'}
        </span>
        {request.note && <p className="admin-row__text">{request.note}</p>}
        {request.deniedAt && (
          <p className="admin-row__meta">
            Denied {formatDate(request.deniedAt)}
            {request.deniedBy && ` by @${request.deniedBy}`}
            {request.deniedNote ? `: ${request.deniedNote}` : '.'}
          </p>
        )}
      </div>
      {pending && (
        <div className="admin-row__actions">
          <button type="button" className="button button--small button--primary" aria-label={`Create /${request.communityName}`} onClick={onCreate}>
            Create
          </button>
          <button type="button" className="button button--small" aria-label={`Deny /${request.communityName}`} onClick={onDeny}>
            Deny
          </button>
        </div>
      )}
    </div>
  );
}

interface CommunityRequestsProps {
  /** The create-community modal, open and filled in with the requested name. */
  renderCreate: (name: string, onClose: () => void) => ReactNode;
}

/** /admin/new-community-requests: the requests, pending, created or denied, with Create and Deny. */
export function CommunityRequests({ renderCreate }: CommunityRequestsProps) {
  const query = useInfiniteQuery(communityRequestsOptions());
  const [denying, setDenying] = useState<CommunityRequest | null>(null);
  const [creating, setCreating] = useState<string | null>(null);
  const requests = query.data?.pages.flatMap((page) => page.requests) ?? [];
  return (
    <>
      <AdminPageHeader title="Community requests" />
      <AdminList
        label="Community requests"
        query={query}
        items={requests}
        getKey={(request) => request.id}
        renderItem={(request) => (
          <RequestRow request={request} onCreate={() => setCreating(request.communityName)} onDeny={() => setDenying(request)} />
        )}
      />
      <DenyRequestModal request={denying} onClose={() => setDenying(null)} />
      {creating !== null && renderCreate(creating, () => setCreating(null))}
    </>
  );
}
