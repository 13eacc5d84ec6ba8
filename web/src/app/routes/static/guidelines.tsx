import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { StaticPage } from './static-page.tsx';

export function GuidelinesRoute() {
  return (
    <StaticPage
      title="Community guidelines"
      lead="Quorum works when people can disagree without fearing each other. These guidelines apply everywhere on the site; each community may add rules of its own."
    >
      <h2>Be a good neighbour</h2>
      <ul>
        <li>Treat people the way you would in a room full of strangers you'd like to know better. Criticise ideas, not the person behind them.</li>
        <li>No harassment, threats, or attacks on anyone for who they are, including their race, ethnicity, religion, gender, sexuality, disability or nationality.</li>
        <li>Don't follow someone from community to community to pick fights, and don't organise others to do it.</li>
      </ul>
      <h2>Keep it honest</h2>
      <ul>
        <li>Don't pretend to be another person, a moderator or an organisation you don't speak for.</li>
        <li>Don't manipulate votes: no second accounts to vote for yourself, no trading or buying votes.</li>
        <li>If you were banned from a community or from the site, don't come back under another name.</li>
      </ul>
      <h2>Share with care</h2>
      <ul>
        <li>Post in the community where your post belongs, with a title that says what it is.</li>
        <li>Share things you'd want to find yourself. Repetitive self-promotion, link farming and unsolicited advertising are spam.</li>
        <li>Never post someone's private information, such as their address, phone number or private messages, and never post intimate images of anyone without their consent.</li>
        <li>Nothing illegal: no content that exploits or endangers minors, no threats of violence, no sale of illegal goods or services.</li>
      </ul>
      <h2>When something is wrong</h2>
      <p>
        Use Report rather than replying in anger. Reports go to the community's moderators, who can remove content and
        ban users from their community. Site admins handle reports that concern the whole site and may suspend
        accounts that break these guidelines seriously or repeatedly.
      </p>
      <p>
        Moderators have their own <Link to={paths.moderatorGuidelines.getHref()}>guidelines</Link>, and everyone agrees
        to the <Link to={paths.terms.getHref()}>terms of service</Link> when they create an account.
      </p>
    </StaticPage>
  );
}
