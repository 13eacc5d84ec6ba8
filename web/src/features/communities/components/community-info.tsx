import { COLLAPSED_HEIGHT_PX } from '@quorum/shared/constants';
import { formatDate } from '@quorum/shared/format';
import type { Community } from '@quorum/shared/entities/communities';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../../../components/ui/icon.tsx';
import { ShowMore } from '../../../components/ui/show-more.tsx';
import { MarkdownBody } from '../../../components/markdown/markdown.tsx';
import { paths } from '../../../config/paths.ts';
import { membersLabel } from './community-header.tsx';
import './communities.css';

/** The community's description (cut at 250 px), members and creation date. */
export function CommunityAboutCard({ community }: { community: Community }) {
  const titleId = useId();
  return (
    <section className="card community-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="community-card__title">
        About /{community.name}
      </h2>
      {community.about ? (
        <ShowMore maxHeight={COLLAPSED_HEIGHT_PX.communityAbout}>
          <MarkdownBody className="community-card__about">{community.about}</MarkdownBody>
        </ShowMore>
      ) : (
        <p className="muted">This community has no description yet.</p>
      )}
      <dl className="community-card__facts">
        <div>
          <dt>
            <Icon name="user" size={16} />
            <span className="visually-hidden">Members</span>
          </dt>
          <dd>{membersLabel(community.noMembers)}</dd>
        </div>
        <div>
          <dt>
            <Icon name="calendar" size={16} />
            <span className="visually-hidden">Created</span>
          </dt>
          <dd>Created {formatDate(community.createdAt)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The numbered rules with their descriptions. */
export function CommunityRulesCard({ community }: { community: Community }) {
  const titleId = useId();
  const rules = [...community.rules].sort((a, b) => a.zIndex - b.zIndex);
  return (
    <section className="card community-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="community-card__title">
        Rules
      </h2>
      {rules.length === 0 ? (
        <p className="muted">No rules yet. Be kind and follow the site guidelines.</p>
      ) : (
        <ol className="rules">
          {rules.map((rule, index) => (
            <li key={rule.id} className="rules__item">
              <span className="rules__number" aria-hidden="true">
                {index + 1}
              </span>
              <div className="rules__text">
                <p className="rules__rule">{rule.rule}</p>
                {rule.description && <p className="rules__description">{rule.description}</p>}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Links to the moderators' profiles. */
export function CommunityModsCard({ community }: { community: Community }) {
  const titleId = useId();
  return (
    <section className="card community-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="community-card__title">
        Moderators
      </h2>
      {community.mods.length === 0 ? (
        <p className="muted">No moderators.</p>
      ) : (
        <ul className="mods">
          {community.mods.map((mod) => (
            <li key={mod.id}>
              <Link className="mods__link" to={paths.profile.getHref(mod.username)}>
                @{mod.username}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
