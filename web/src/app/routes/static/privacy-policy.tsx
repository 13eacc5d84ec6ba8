import { useInitialData } from '../../../lib/session/get-initial.ts';
import { StaticPage } from './static-page.tsx';

export function PrivacyPolicyRoute() {
  const { contactEmail } = useInitialData();
  return (
    <StaticPage
      title="Privacy policy"
      lead="Quorum has no ads and no tracking. We keep only what it takes to run the site and protect it from abuse, and we never sell or rent any of it."
    >
      <h2>What we keep</h2>
      <ul>
        <li>
          <strong>Your username</strong>, which is public, along with your profile details, the date you joined and
          your points.
        </li>
        <li>
          <strong>Your email address, if you give one.</strong> It is optional and used only to help you recover your
          account. It is never shown to other people.
        </li>
        <li>
          <strong>A hash of your password.</strong> We never store the password itself, and nobody at Quorum can read
          it.
        </li>
        <li>
          <strong>IP addresses</strong> from which accounts are created and used. They are used only to prevent abuse,
          such as spam waves and evasion of bans, and are visible only to site admins.
        </li>
        <li>
          <strong>What you post:</strong> posts, comments, images, lists, and the communities you join. Your votes are
          private; only their totals are shown.
        </li>
        <li>
          <strong>Notification subscriptions</strong>, if you turn on push notifications on a device, so we can send
          them there.
        </li>
      </ul>
      <h2>What we don't do</h2>
      <p>
        No advertising, no third-party trackers or analytics scripts, no fingerprinting, no selling or sharing of data
        with advertisers or data brokers. We count totals such as sign-ups and daily visitors to understand how the site
        is doing; those counts are not linked to you.
      </p>
      <h2>Cookies and local storage</h2>
      <p>
        One cookie keeps you logged in, and an anti-forgery token protects your account from requests made by other
        sites. Your browser also keeps your device preferences, like the theme, on your device; they are never sent to
        us.
      </p>
      <h2>Your choices</h2>
      <p>
        You can change or remove your email address, and delete your posts, comments and account at any time. When you
        delete your account, your profile is removed and your posts and comments no longer show your name. We disclose
        data to others only when the law requires it.
      </p>
      {contactEmail && (
        <p>
          Questions or requests about your data: <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
        </p>
      )}
    </StaticPage>
  );
}
