-- The id by which a member names one of their sessions (to end it from another device). The
-- primary key is the hash of the cookie's value and never leaves the server.
alter table sessions add column public_id uuid not null default uuid_generate_v7();
create unique index sessions_public_id_idx on sessions (public_id);
