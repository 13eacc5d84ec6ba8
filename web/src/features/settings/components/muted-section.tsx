import type { Mute } from '@quorum/shared/entities/mutes';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { paths } from '../../../config/paths.ts';
import { useInitialData } from '../../../lib/session/get-initial.ts';
import { useMute, type MuteTarget } from '../../../lib/session/mutes.ts';

function targetOf(mute: Mute): MuteTarget | null {
  if (mute.type === 'user' && mute.mutedUser) return { type: 'user', id: mute.mutedUser.id, name: mute.mutedUser.username };
  if (mute.type === 'community' && mute.mutedCommunity) return { type: 'community', id: mute.mutedCommunity.id, name: mute.mutedCommunity.name };
  return null;
}

function UnmuteButton({ target, label }: { target: MuteTarget; label: string }) {
  const { muted, toggle } = useMute(target);
  return (
    <button type="button" className="button button--small" disabled={!muted} onClick={toggle} aria-label={`Unmute ${label}`}>
      Unmute
    </button>
  );
}

function MutedRow({ mute }: { mute: Mute }) {
  const target = targetOf(mute);
  if (!target) return null;
  const label = target.type === 'user' ? `@${target.name}` : `/${target.name}`;
  const href = target.type === 'user' ? paths.profile.getHref(target.name) : paths.community.getHref(target.name);
  return (
    <li className="muted-list__row">
      <Link className="muted-list__name" to={href}>
        <Avatar name={target.name} image={mute.mutedCommunity?.proPic} size={28} />
        <span>{label}</span>
      </Link>
      <UnmuteButton target={target} label={label} />
    </li>
  );
}

function MutedList({ title, mutes, empty }: { title: string; mutes: Mute[]; empty: string }) {
  return (
    <div className="muted-list">
      <h3 className="muted-list__title">{title}</h3>
      {mutes.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="muted-list__rows">
          {mutes.map((mute) => (
            <MutedRow key={mute.id} mute={mute} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** The communities and users the user muted, each with Unmute. */
export function MutedSection() {
  const { mutes } = useInitialData();
  return (
    <section className="card settings-section" aria-labelledby="settings-muted">
      <h2 id="settings-muted" className="settings-section__title">
        Muted
      </h2>
      <p className="settings-section__note">Muted communities leave the All feed; muted people leave every feed.</p>
      <MutedList title="Communities" mutes={mutes.communityMutes} empty="No muted communities." />
      <MutedList title="Users" mutes={mutes.userMutes} empty="No muted users." />
    </section>
  );
}
