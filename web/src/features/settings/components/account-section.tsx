import type { User } from '@quorum/shared/types';

/** What the account is, read-only for now. */
export function AccountSection({ user }: { user: User }) {
  return (
    <section className="card settings-section" aria-labelledby="settings-account">
      <h2 id="settings-account" className="settings-section__title">
        Account
      </h2>
      <dl className="details">
        <div className="details__row">
          <dt>Username</dt>
          <dd>{user.username}</dd>
        </div>
        <div className="details__row">
          <dt>Email</dt>
          <dd>{user.email ? user.email : <span className="muted">No email. Without one, the account cannot be recovered.</span>}</dd>
        </div>
      </dl>
    </section>
  );
}
