import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { useInitialData } from '../../../lib/session/get-initial.ts';
import { StaticPage } from './static-page.tsx';

export function AboutRoute() {
  const { contactEmail } = useInitialData();
  return (
    <StaticPage
      title="About Quorum"
      lead="Quorum is a community forum where people gather around shared interests, share what they find and talk it through."
    >
      <h2>How it works</h2>
      <p>
        Everything on Quorum happens in communities. Each community has a name, a description, its own rules and a team
        of volunteer moderators. Members share text posts, images and links, and reply to each other in threaded
        comments, so a side conversation never buries the main one.
      </p>
      <p>
        Votes decide what rises. Upvote what adds to the conversation and downvote what doesn't; the points you earn
        from other people's votes show how much the community values your contributions. You can save posts and comments
        to lists, mute people or communities you'd rather not see, and get notified when someone replies to you.
      </p>
      <h2>What Quorum is not</h2>
      <p>
        Quorum has no ads, sells nothing about you and doesn't follow you around the web. There are no sponsored posts,
        no engagement tricks and no algorithm tuned to keep you scrolling: feeds are sorted by votes and time in ways
        you can choose. Our <Link to={paths.privacyPolicy.getHref()}>privacy policy</Link> lists the little we keep
        and why.
      </p>
      <h2>Open source</h2>
      <p>
        The software behind Quorum is open source. Anyone can read how it works, suggest improvements or run their own
        copy. It works in any modern browser and can be installed on your phone or computer like an app.
      </p>
      <h2>Getting involved</h2>
      <p>
        Start by reading the <Link to={paths.guidelines.getHref()}>community guidelines</Link>, then join a few
        communities and say hello. If you want to run a community, the{' '}
        <Link to={paths.moderatorGuidelines.getHref()}>moderator guidelines</Link> explain what we expect of
        moderators.
        {contactEmail && (
          <>
            {' '}
            Questions, ideas or problems? Write to <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
          </>
        )}
      </p>
    </StaticPage>
  );
}
