import { MOD_ACTION_KINDS } from '@quorum/shared/constants';
import type { Community } from '@quorum/shared/entities/communities';
import type { ModAction, ModLogPage } from '@quorum/shared/entities/modlog';
import { useInfiniteQuery, type InfiniteData, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadFailed } from '../../../components/errors/load-failed.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths, type ModLogFilters } from '../../../config/paths.ts';
import { communityModLogOptions } from '../api/get-community-mod-log.ts';
import { siteModLogOptions } from '../api/get-site-mod-log.ts';
import { hasFilters, readModLogFilters } from '../filters.ts';
import { ModActionEntry, ModActionEntrySkeleton } from './mod-action-entry.tsx';
import './modlog.css';

type Kind = ModAction['kind'];

/** The kinds of action, as the filter offers them. */
const KIND_LABELS: Record<Kind, string> = {
  remove_post: 'Posts removed',
  remove_post_content: 'Images and links removed',
  remove_comment: 'Comments removed',
  lock_post: 'Posts locked',
  unlock_post: 'Posts unlocked',
  pin_post: 'Posts pinned',
  unpin_post: 'Posts unpinned',
  pin_post_site: 'Posts pinned site-wide',
  unpin_post_site: 'Posts unpinned site-wide',
  ban_user: 'Bans',
  unban_user: 'Bans lifted',
  ban_user_site: 'Site bans',
  unban_user_site: 'Site bans lifted',
  add_mod: 'Moderators added',
  remove_mod: 'Moderators removed',
  add_rule: 'Rules added',
  edit_rule: 'Rules edited',
  remove_rule: 'Rules removed',
  edit_community: 'Community settings edited',
  ignore_report: 'Reports ignored',
  deny_community_request: 'Community requests denied',
  block_ip: 'IP addresses blocked',
  cancel_ip_block: 'IP blocks cancelled',
  announce_post: 'Posts announced',
  add_default_community: 'Default communities added',
  remove_default_community: 'Default communities removed',
  delete_community_request: 'Community requests deleted',
  edit_automod: 'Watched words edited',
  hold_post: 'Posts held for approval',
  hold_comment: 'Comments held for approval',
  approve_post: 'Posts approved',
  approve_comment: 'Comments approved',
  block_content: 'Posts and comments refused',
  auto_report: 'Automatic reports',
};

function FilterSelect({ label, value, options, onChange }: { label: string; value: string; options: ReadonlyArray<{ value: string; label: string }>; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="modlog-filter">
      <label className="modlog-filter__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="select modlog-filter__select" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const KIND_OPTIONS = [{ value: '', label: 'All actions' }, ...MOD_ACTION_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))];

/** The filters, read from and written to the address (`?kind=&mod=`). */
function useAddressFilters(): [ModLogFilters, (change: Partial<Record<keyof ModLogFilters, string>>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = readModLogFilters(params);
  const change = (values: Partial<Record<keyof ModLogFilters, string>>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(values)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    setParams(next, { replace: true, preventScrollReset: true });
  };
  return [filters, change];
}

interface ModLogViewProps {
  title: string;
  /** The link above the title, back to where the log belongs. */
  back?: { to: string; label: string };
  description: string;
  filters: ReactNode;
  query: UseInfiniteQueryResult<InfiniteData<ModLogPage>>;
  filtered: boolean;
  showCommunity: boolean;
}

function ModLogView({ title, back, description, filters, query, filtered, showCommunity }: ModLogViewProps) {
  const actions = query.data?.pages.flatMap((page) => page.actions) ?? [];
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  return (
    <div className="modlog">
      <header className="modlog__header">
        {back && (
          <Link className="back-link" to={back.to}>
            <Icon name="chevronLeft" size={18} />
            <span>{back.label}</span>
          </Link>
        )}
        <h1 className="page-title modlog__title">{title}</h1>
        <p className="modlog__description">{description}</p>
        <div className="modlog__filters" role="group" aria-label="Filter the log">
          {filters}
        </div>
      </header>
      <div className="card modlog__list">
        {query.isPending ? (
          <div role="status" aria-label="Loading the moderation log">
            {Array.from({ length: 6 }, (_, index) => (
              <ModActionEntrySkeleton key={index} />
            ))}
          </div>
        ) : query.isError && actions.length === 0 ? (
          <LoadFailed query={query} message="The moderation log couldn't be loaded." />
        ) : actions.length === 0 ? (
          <p className="feed-status">{filtered ? 'No actions match these filters.' : 'No moderation actions yet.'}</p>
        ) : (
          <ul className="modlog__entries" aria-label="Moderation actions" aria-busy={isFetchingNextPage}>
            {actions.map((action) => (
              <li key={action.id}>
                <ModActionEntry action={action} showCommunity={showCommunity} />
              </li>
            ))}
          </ul>
        )}
        {isFetchingNextPage && <ModActionEntrySkeleton />}
        <LoadMore hasNextPage={hasNextPage} isFetchingNextPage={isFetchingNextPage} isFetchNextPageError={isFetchNextPageError} fetchNextPage={fetchNextPage} />
      </div>
    </div>
  );
}

/** A community's public moderation log, by kind of action and by moderator. */
export function CommunityModLog({ community }: { community: Community }) {
  const [filters, change] = useAddressFilters();
  const query = useInfiniteQuery(communityModLogOptions(community.id, filters));
  const modNames = community.mods.map((mod) => mod.username);
  // A name from the address that is no longer a mod's stays selectable, so the select shows it.
  if (filters.mod && !modNames.some((name) => name.toLowerCase() === filters.mod?.toLowerCase())) modNames.push(filters.mod);
  const selectedMod = modNames.find((name) => name.toLowerCase() === filters.mod?.toLowerCase()) ?? '';
  return (
    <ModLogView
      title="Moderation log"
      back={{ to: paths.community.getHref(community.name), label: `/${community.name}` }}
      description={`What the moderators of /${community.name} and the site's admins did here, newest first.`}
      query={query}
      filtered={hasFilters(filters)}
      showCommunity={false}
      filters={
        <>
          <FilterSelect label="Action" value={filters.kind ?? ''} options={KIND_OPTIONS} onChange={(kind) => change({ kind })} />
          <FilterSelect
            label="Moderator"
            value={selectedMod}
            options={[{ value: '', label: 'All moderators' }, ...modNames.map((name) => ({ value: name, label: `@${name}` }))]}
            onChange={(mod) => change({ mod })}
          />
        </>
      }
    />
  );
}

/** The site's moderation log: what admins did across the site. */
export function SiteModLog() {
  const [filters, change] = useAddressFilters();
  const query = useInfiniteQuery(siteModLogOptions({ kind: filters.kind }));
  return (
    <ModLogView
      title="Moderation log"
      description="What the site's admins did, newest first."
      query={query}
      filtered={filters.kind !== undefined}
      showCommunity
      filters={<FilterSelect label="Action" value={filters.kind ?? ''} options={KIND_OPTIONS} onChange={(kind) => change({ kind })} />}
    />
  );
}

/** The outline of a moderation log while what it belongs to loads. */
export function ModLogSkeleton() {
  return (
    <div className="modlog" role="status" aria-label="Loading the moderation log">
      <header className="modlog__header">
        <Skeleton width={120} height={16} />
        <Skeleton width={220} height={30} />
      </header>
      <div className="card modlog__list">
        {Array.from({ length: 6 }, (_, index) => (
          <ModActionEntrySkeleton key={index} />
        ))}
      </div>
    </div>
  );
}
