import { formatDate } from '@quorum/shared/format';
import type { ModAction } from '@quorum/shared/entities/modlog';
import { Link } from 'react-router-dom';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TimeAgo } from '../../../components/ui/time-ago.tsx';
import { paths } from '../../../config/paths.ts';
import { useNow } from '../../../hooks/use-now.ts';

type Kind = ModAction['kind'];
type TargetType = ModAction['target']['type'];

/** What was done, as the words between the actor and the target, and after the target. */
const PHRASES: Record<Kind, { verb: string; after?: string }> = {
  remove_post: { verb: 'removed' },
  remove_post_content: { verb: 'removed the image or link of' },
  remove_comment: { verb: 'removed' },
  lock_post: { verb: 'locked' },
  unlock_post: { verb: 'unlocked' },
  pin_post: { verb: 'pinned' },
  unpin_post: { verb: 'unpinned' },
  pin_post_site: { verb: 'pinned', after: 'site-wide' },
  unpin_post_site: { verb: 'unpinned', after: 'site-wide' },
  ban_user: { verb: 'banned' },
  unban_user: { verb: 'unbanned' },
  ban_user_site: { verb: 'banned', after: 'from the site' },
  unban_user_site: { verb: 'lifted the site ban of' },
  add_mod: { verb: 'made', after: 'a moderator' },
  remove_mod: { verb: 'removed', after: 'as a moderator' },
  add_rule: { verb: 'added' },
  edit_rule: { verb: 'edited' },
  remove_rule: { verb: 'removed' },
  edit_community: { verb: 'edited the settings of' },
  ignore_report: { verb: 'ignored' },
  deny_community_request: { verb: 'denied' },
  block_ip: { verb: 'blocked' },
  cancel_ip_block: { verb: 'cancelled the block of' },
  announce_post: { verb: 'announced', after: 'to everyone' },
  add_default_community: { verb: 'made', after: 'a default community' },
  remove_default_community: { verb: 'removed', after: 'from the default communities' },
  delete_community_request: { verb: 'deleted' },
  edit_automod: { verb: 'edited the watched words of' },
  hold_post: { verb: 'held', after: 'for approval' },
  hold_comment: { verb: 'held', after: 'for approval' },
  approve_post: { verb: 'approved' },
  approve_comment: { verb: 'approved' },
  block_content: { verb: 'refused a post or comment by' },
  auto_report: { verb: 'reported' },
};

/** How a target is named: before its label, and instead of it when the viewer may not see it. */
const TARGET_NOUNS: Record<TargetType, { named: string; unnamed: string; label: (label: string) => string }> = {
  post: { named: 'the post ', unnamed: 'a post', label: (label) => `"${label}"` },
  comment: { named: 'the comment ', unnamed: 'a comment', label: (label) => `"${label}"` },
  user: { named: '', unnamed: 'a user', label: (label) => `@${label}` },
  rule: { named: 'the rule ', unnamed: 'a rule', label: (label) => `"${label}"` },
  community: { named: '', unnamed: 'the community', label: (label) => `/${label}` },
  report: { named: 'a report on ', unnamed: 'a report', label: (label) => `"${label}"` },
  community_request: { named: 'the request for ', unnamed: 'a request for a community', label: (label) => `/${label}` },
  ip_block: { named: 'the IP address ', unnamed: 'an IP address', label: (label) => label },
  // The label is the community's name; the site's own list has none.
  automod: { named: '', unnamed: 'the site', label: (label) => `/${label}` },
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How long a ban lasts, from when it was given: "for 7 days", "for 12 hours". */
function banLength(createdAt: string, expiresAt: string): string {
  const span = new Date(expiresAt).getTime() - new Date(createdAt).getTime();
  if (span >= DAY) {
    const days = Math.round(span / DAY);
    return `for ${days} ${days === 1 ? 'day' : 'days'}`;
  }
  const hours = Math.max(1, Math.round(span / HOUR));
  return `for ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

const UNNAMED_ACTORS: Record<ModAction['actorGroup'], string> = { mods: 'A moderator', admins: 'An admin', automatic: 'Automatic moderation' };

function Actor({ action }: { action: ModAction }) {
  if (action.actorGroup === 'automatic' || !action.actor) return <>{UNNAMED_ACTORS[action.actorGroup]}</>;
  return (
    <Link className="modlog-entry__name" to={paths.profile.getHref(action.actor)}>
      @{action.actor}
    </Link>
  );
}

function Target({ target }: { target: ModAction['target'] }) {
  const noun = TARGET_NOUNS[target.type];
  if (target.label === null) {
    return target.url ? <Link to={target.url}>{noun.unnamed}</Link> : <>{noun.unnamed}</>;
  }
  const label = noun.label(target.label);
  return (
    <>
      {noun.named}
      {target.url ? (
        <Link className="modlog-entry__target" to={target.url}>
          {label}
        </Link>
      ) : (
        <span className="modlog-entry__target">{label}</span>
      )}
    </>
  );
}

function Ends({ expiresAt }: { expiresAt: string }) {
  const now = useNow();
  return (
    <span>
      {new Date(expiresAt).getTime() > now ? 'Ends' : 'Ended'} <time dateTime={expiresAt}>{formatDate(expiresAt)}</time>
    </span>
  );
}

interface ModActionEntryProps {
  action: ModAction;
  /** Names the community the action was taken in (the site's log mixes them). */
  showCommunity: boolean;
}

/** One entry of a moderation log, as a sentence: who did what to what, with the reason and when. */
export function ModActionEntry({ action, showCommunity }: ModActionEntryProps) {
  const phrase = PHRASES[action.kind];
  const isBan = action.kind === 'ban_user' || action.kind === 'ban_user_site';
  const community = showCommunity ? action.community : null;
  return (
    <article className="modlog-entry">
      <p className="modlog-entry__text">
        <Actor action={action} /> {phrase.verb} <Target target={action.target} />
        {phrase.after && ` ${phrase.after}`}
        {community && (
          <>
            {action.kind === 'ban_user' || action.kind === 'unban_user' ? ' from ' : ' in '}
            <Link to={paths.community.getHref(community.name)}>/{community.name}</Link>
          </>
        )}
        {isBan && action.expiresAt && ` ${banLength(action.createdAt, action.expiresAt)}`}.
      </p>
      {action.reason && (
        <p className="modlog-entry__reason">
          <span className="modlog-entry__reason-label">Reason:</span> {action.reason}
        </p>
      )}
      <p className="modlog-entry__meta">
        <TimeAgo date={action.createdAt} />
        {action.expiresAt && (
          <>
            <span aria-hidden="true"> · </span>
            <Ends expiresAt={action.expiresAt} />
          </>
        )}
      </p>
    </article>
  );
}

export function ModActionEntrySkeleton() {
  return (
    <div className="modlog-entry">
      <Skeleton width="70%" height={16} />
      <Skeleton width="25%" height={13} />
    </div>
  );
}
