-- Archives of a member's data ("Download my data"), built by a job into a file under
-- DATA_DIR/exports. A row is building until ready_at is set; it may be downloaded until
-- expires_at (a day after it was ready), then the file and the row are deleted. The file's name is
-- random, so that it cannot be guessed from the row's id or the member.
create table data_exports (
  id uuid primary key default uuid_generate_v7(),
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  ready_at timestamptz,
  expires_at timestamptz,
  size_bytes bigint,
  file_name text not null constraint data_exports_file_name_key unique
    constraint data_exports_file_name_check check (file_name ~ '^[a-z0-9-]+\.json$'),
  constraint data_exports_ready_check check ((ready_at is null) = (expires_at is null) and (ready_at is null) = (size_bytes is null))
);
create index data_exports_user_idx on data_exports (user_id, created_at desc);
-- At most one archive of a member is being built at a time: a second ask finds it.
create unique index data_exports_building_idx on data_exports (user_id) where ready_at is null;
-- The sweep finds what has expired.
create index data_exports_expires_idx on data_exports (expires_at) where expires_at is not null;
