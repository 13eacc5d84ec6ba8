-- Two-step sign-in: after the password, a code from an authenticator app (TOTP) or a backup code.
--
-- The member's authenticator secret (base32). It counts only once confirmed with a code
-- (enabled_at); until then it is a setup in progress that a new setup replaces. last_step is the
-- 30-second step of the last code accepted: a code of that step or an earlier one is refused, so
-- that no code works twice. Wrong codes are counted per account (code_failures since
-- code_failures_since): past a few in a quarter of an hour the code step is refused, whichever
-- browsers and addresses they came from.
create table user_totp (
  user_id uuid primary key references users (id) on delete cascade,
  secret text not null,
  created_at timestamptz not null default now(),
  enabled_at timestamptz,
  last_step bigint,
  code_failures integer not null default 0,
  code_failures_since timestamptz
);

-- Single-use codes for when the phone is lost, kept only as SHA-256 hashes; a new set replaces
-- the old one.
create table backup_codes (
  id uuid primary key default uuid_generate_v7(),
  user_id uuid not null references users (id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  constraint backup_codes_user_id_code_hash_key unique (user_id, code_hash)
);

-- A sign-in waiting for its code: the password (or a reset link) was right. Keyed by the SHA-256
-- of the visitor's session id, so that only the browser that gave the password can finish it; it
-- lasts a few minutes and a few wrong codes.
create table login_challenges (
  id text primary key,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  attempts integer not null default 0
);
create index login_challenges_expires_at_idx on login_challenges (expires_at);
