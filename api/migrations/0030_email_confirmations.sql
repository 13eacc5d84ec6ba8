-- Links to confirm an email address (users.email_confirmed_at is set when one is followed). A link
-- holds a token kept only as its SHA-256, names the address it was sent to (it confirms nothing
-- once the account has another one), works once, for a day, until a newer one is sent.
create table email_confirmations (
  id uuid primary key default uuid_generate_v7(),
  user_id uuid not null references users (id) on delete cascade,
  email text not null,
  token_hash text not null constraint email_confirmations_token_hash_key unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index email_confirmations_user_id_idx on email_confirmations (user_id, created_at desc);

-- Admins may ask for a confirmed email address before members post or comment.
alter table site_settings add column require_confirmed_email boolean not null default false;
