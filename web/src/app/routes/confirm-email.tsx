import { ApiError } from '@quorum/client/api-error';
import { Messages } from '@quorum/shared/errors';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useConfirmEmail } from '../../features/auth/api/confirm-email.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useSessionUser } from '../../lib/session/get-initial.ts';
import './login.css';

/** /confirm-email?token=: where an emailed confirmation link leads; the address is confirmed as the page opens. */
export function ConfirmEmailRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const user = useSessionUser();
  const confirm = useConfirmEmail();
  const sent = useRef(false);
  useDocumentTitle('Confirm your email');

  useEffect(() => {
    // A link works once: it is followed once, however often the page renders.
    if (sent.current) return;
    sent.current = true;
    confirm.mutate({ token });
  }, [confirm, token]);

  const failed = confirm.isError;
  const message = confirm.isSuccess
    ? 'Your email address is confirmed. Thank you!'
    : failed
      ? confirm.error instanceof ApiError && confirm.error.status === 400
        ? Messages.invalidConfirmToken
        : 'Your email address could not be confirmed right now. Open the link again in a moment.'
      : 'Confirming your email address…';

  return (
    <div className="narrow-page">
      <section className="card auth-card" aria-labelledby="confirm-title" aria-busy={confirm.isPending}>
        <h1 id="confirm-title" className="auth-card__title">
          {confirm.isSuccess ? 'Email confirmed' : failed ? 'This link did not work' : 'Confirm your email'}
        </h1>
        <p className={failed ? 'form__error' : 'muted'} role="status">
          {message}
        </p>
        <p className="form__switch">
          {user ? <Link to={paths.settings.getHref()}>Go to your settings</Link> : <Link to={paths.home.getHref()}>Go to the home page</Link>}
        </p>
      </section>
    </div>
  );
}
