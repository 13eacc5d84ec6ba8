-- Links to set a new password, sent by email. Only a SHA-256 of the token is kept, so the table
-- never holds a usable link. A token works once, for an hour, until a newer one is asked for or
-- the password changes; rows are kept a day so that requests per account can be counted.
create table password_resets (
  id uuid primary key default uuid_generate_v7(),
  user_id uuid not null references users (id) on delete cascade,
  token_hash text not null constraint password_resets_token_hash_key unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index password_resets_user_id_idx on password_resets (user_id, created_at desc);
