-- What a member started writing (a post, a comment, a reply), kept so that it follows them to
-- another device. `seq` orders the saves of one draft: an older save never replaces a newer one.
create table drafts (
  user_id uuid not null references users (id) on delete cascade,
  key text not null,
  value jsonb not null,
  label text not null,
  href text not null,
  seq bigint not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, key)
);
create index drafts_user_updated_idx on drafts (user_id, updated_at desc);
