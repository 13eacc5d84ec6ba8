import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { CONTACT_EMAIL } from '../../config/site.ts';

export function Footer() {
  return (
    <footer className="footer">
      <nav aria-label="Footer">
        <ul className="footer__links">
          <li>
            <Link to={paths.about.getHref()}>About</Link>
          </li>
          <li>
            <a href={`mailto:${CONTACT_EMAIL}`}>Contact</a>
          </li>
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
