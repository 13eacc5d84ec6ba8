import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { useInitialData } from '../../../lib/session/get-initial.ts';
import { StaticPage } from './static-page.tsx';

export function TermsRoute() {
  const { contactEmail } = useInitialData();
  return (
    <StaticPage
      title="Terms of service"
      lead="By creating an account or using Quorum you agree to these terms. They are written to be read, so please do."
    >
      <h2>Your account</h2>
      <p>
        You need to be old enough to agree to these terms where you live. Keep your password to yourself: you are
        responsible for what happens under your account. Each account is for one person. If you add no email address,
        nobody can help you get back into your account if you lose your password.
      </p>
      <h2>Your content</h2>
      <p>
        What you post remains yours. By posting it you allow Quorum to store it, show it to others and keep showing it
        where it is part of a conversation, for as long as it stays on the site. Only post what you have the right to
        share. You can edit or delete your posts and comments at any time.
      </p>
      <h2>How you use Quorum</h2>
      <p>
        Follow the <Link to={paths.guidelines.getHref()}>community guidelines</Link> and the rules of the communities
        you take part in. Don't disrupt the service: no automated scraping that burdens the servers, no attempts to
        get into accounts or systems that aren't yours, no sending of malware.
      </p>
      <h2>Moderation and suspension</h2>
      <p>
        Moderators may remove content from their communities and ban users from them. Site admins may remove content,
        suspend accounts and block addresses that break these terms. You may delete your account whenever you like.
      </p>
      <h2>No warranty</h2>
      <p>
        Quorum is provided as it is, without any warranty. We work to keep it running and your data safe, but we can't
        promise that it will always be available or free of errors, and we are not liable for losses that come from
        using it, as far as the law allows.
      </p>
      <h2>Changes</h2>
      <p>
        We may update these terms. When the change matters, we will announce it on the site before it takes effect.
        {contactEmail && (
          <>
            {' '}
            Questions about these terms can go to <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
          </>
        )}
      </p>
    </StaticPage>
  );
}
