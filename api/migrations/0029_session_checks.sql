-- When the member last proved who they are in this session (a login, their password or a passkey
-- asked again): sensitive changes need a recent one.
alter table sessions add column checked_at timestamptz not null default now();
update sessions set checked_at = created_at;
