import { IP_BLOCK_USERS_SHOWN } from '@quorum/shared/constants';
import { formatDate } from '@quorum/shared/format';
import type { IpBlock } from '@quorum/shared/entities/ip-blocks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { paths } from '../../../config/paths.ts';
import { useCancelIpBlock } from '../api/cancel-ip-block.ts';
import { ipBlocksOptions } from '../api/get-ip-blocks.ts';
import { AdminList } from './admin-list.tsx';
import { AdminPageHeader } from './admin-layout.tsx';
import { BlockIpModal } from './block-ip-modal.tsx';

function BlockState({ block }: { block: IpBlock }) {
  if (block.inEffect) return <span className="admin-state admin-state--danger">In effect</span>;
  return <span className="admin-state">{block.cancelledAt ? 'Cancelled' : 'Expired'}</span>;
}

function AssociatedUsers({ block }: { block: IpBlock }) {
  if (block.noAssociatedUsers === 0) return <span className="admin-row__meta">No known users in it.</span>;
  const more = block.noAssociatedUsers - block.associatedUsers.slice(0, IP_BLOCK_USERS_SHOWN).length;
  return (
    <span className="admin-row__meta">
      Users:{' '}
      {block.associatedUsers.slice(0, IP_BLOCK_USERS_SHOWN).map((username, index) => (
        <Fragment key={username}>
          {index > 0 && ', '}
          <Link to={paths.profile.getHref(username)}>@{username}</Link>
        </Fragment>
      ))}
      {more > 0 && ` and ${more} more`}
    </span>
  );
}

function BlockRow({ block }: { block: IpBlock }) {
  const cancel = useCancelIpBlock();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="admin-row">
      <div className="admin-row__main">
        <span className="admin-row__name">
          <code>{block.ip}</code> <BlockState block={block} />
        </span>
        <span className="admin-row__meta">
          Blocked {formatDate(block.createdAt)}
          {block.createdBy && ` by @${block.createdBy}`} ·{' '}
          {block.cancelledAt
            ? `cancelled ${formatDate(block.cancelledAt)}`
            : block.expiresAt
              ? `${block.inEffect ? 'expires' : 'expired'} ${formatDate(block.expiresAt)}`
              : 'no end'}
        </span>
        {block.note && <p className="admin-row__text">{block.note}</p>}
        <AssociatedUsers block={block} />
      </div>
      {block.inEffect && (
        <div className="admin-row__actions">
          <button type="button" className="button button--small" aria-label={`Cancel the block of ${block.ip}`} onClick={() => setConfirming(true)}>
            Cancel
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Cancel the block of ${block.ip}?`}
        description="Writes from the address will be allowed again."
        confirmLabel="Cancel block"
        cancelLabel="Keep it"
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate({ id: block.id }, { onSettled: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}

/** /admin/ipblocks: the blocks, newest first, whether in effect, expired or cancelled, and Block IP. */
export function IpBlocks() {
  const query = useInfiniteQuery(ipBlocksOptions());
  const [blocking, setBlocking] = useState(false);
  const blocks = query.data?.pages.flatMap((page) => page.blocks) ?? [];
  return (
    <>
      <AdminPageHeader title="IP blocks">
        <button type="button" className="button button--primary" onClick={() => setBlocking(true)}>
          <Icon name="plus" size={18} />
          Block IP
        </button>
      </AdminPageHeader>
      <AdminList label="IP blocks" query={query} items={blocks} getKey={(block) => block.id} renderItem={(block) => <BlockRow block={block} />} />
      <BlockIpModal open={blocking} onClose={() => setBlocking(false)} />
    </>
  );
}
