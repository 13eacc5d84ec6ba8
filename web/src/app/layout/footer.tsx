import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useInitialData } from '../../lib/session/get-initial.ts';

export function Footer() {
  const { contactEmail } = useInitialData();
  return (
    <footer className="footer">
      <nav aria-label="Footer">
        <ul className="footer__links">
          <li>
            <Link to={paths.about.getHref()}>About</Link>
          </li>
          {contactEmail && (
            <li>
              <a href={`mailto:${contactEmail}`}>Contact</a>
            </li>
          )}
          <li>
            <Link to={paths.guidelines.getHref()}>Guidelines</Link>
          </li>
          <li>
            <Link to={paths.terms.getHref()}>Terms</Link>
          </li>
          <li>
            <Link to={paths.privacyPolicy.getHref()}>Privacy</Link>
          </li>
        </ul>
      </nav>
      <p className="footer__note">Quorum is open source, ad-free and doesn't track you.</p>
    </footer>
  );
}
