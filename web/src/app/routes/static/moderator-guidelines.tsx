import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { StaticPage } from './static-page.tsx';

export function ModeratorGuidelinesRoute() {
  return (
    <StaticPage
      title="Moderator guidelines"
      lead="Moderators are volunteers who look after a community. These are the expectations that come with the tools."
    >
      <h2>Set clear rules</h2>
      <p>
        Write your community's rules down in its rules list, in plain words, and keep them short enough to read. Rules
        may be stricter than the site's <Link to={paths.guidelines.getHref()}>community guidelines</Link>, never looser.
        When you change a rule, say so in the community.
      </p>
      <h2>Apply them fairly</h2>
      <ul>
        <li>Enforce the rules the same way for everyone, including people you agree with and your fellow moderators.</li>
        <li>Don't remove posts or ban people because they disagree with you or criticise the moderators.</li>
        <li>Step aside when you are part of the dispute, and let another moderator decide.</li>
        <li>Start with the lightest measure that works: a removal with a reason is often enough before a ban.</li>
      </ul>
      <h2>Speak carefully</h2>
      <p>
        When you post or comment as a moderator, you speak for the community. Keep that label for moderation matters
        and use your own voice for everything else. Be patient with newcomers who didn't know the rules.
      </p>
      <h2>Look after reports</h2>
      <p>
        Check your community's reports regularly and act on them, or dismiss them when nothing is wrong. Content that
        is illegal or puts someone in danger should be removed right away and reported to the site admins.
      </p>
      <h2>Stay around</h2>
      <p>
        A community needs moderators who show up. If you can't keep it up, add another moderator or hand the community
        over. Site admins may step in, add moderators or replace inactive ones when a community is left unattended or
        its moderators break these guidelines.
      </p>
    </StaticPage>
  );
}
