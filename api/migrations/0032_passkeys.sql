-- Passkeys (WebAuthn credentials) a member signs in with instead of a username and password, and
-- the challenges handed to browsers for the ceremonies. A challenge belongs to the visitor's
-- session (kept as the SHA-256 of its cookie, never the cookie itself), one per session and
-- purpose, lives five minutes and is used once.
create table passkeys (
  id uuid primary key default uuid_generate_v7(),
  user_id uuid not null references users (id) on delete cascade,
  -- The authenticator's credential id, base64url.
  credential_id text not null constraint passkeys_credential_id_key unique,
  -- The COSE public key.
  public_key bytea not null,
  counter bigint not null default 0,
  transports text[] not null default '{}',
  -- Synced to other devices by its provider (the backup state flag).
  backed_up boolean not null default false,
  name text not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index passkeys_user_id_idx on passkeys (user_id, created_at);

create table webauthn_challenges (
  session_key text not null,
  purpose text not null constraint webauthn_challenges_purpose_check check (purpose in ('register', 'login', 'check')),
  challenge text not null,
  user_id uuid references users (id) on delete cascade,
  expires_at timestamptz not null default now() + interval '5 minutes',
  constraint webauthn_challenges_pkey primary key (session_key, purpose)
);
create index webauthn_challenges_expires_at_idx on webauthn_challenges (expires_at);
