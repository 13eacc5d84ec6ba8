-- The number of users (not deleted) that every start of the app shows, kept up to date by
-- triggers so that reading it is one row instead of a count over the whole users table. Inserts
-- are counted per statement (the seed inserts users in bulk); deletions and soft deletions per row,
-- and only when deleted_at changes, so that the updates of points on every vote do not fire them.
create table user_count (
  only_row boolean primary key default true check (only_row),
  n integer not null
);
insert into user_count (n) select count(*) from users where deleted_at is null;

create function count_inserted_users() returns trigger
language plpgsql as $$
begin
  update user_count set n = n + (select count(*) from inserted_users where deleted_at is null);
  return null;
end
$$;

create function count_changed_user() returns trigger
language plpgsql as $$
begin
  update user_count set n = n
    + case when tg_op = 'UPDATE' and new.deleted_at is null then 1 else 0 end
    - case when old.deleted_at is null then 1 else 0 end;
  return null;
end
$$;

create trigger users_counted_on_insert after insert on users
  referencing new table as inserted_users for each statement execute function count_inserted_users();
create trigger users_counted_on_delete after delete on users
  for each row execute function count_changed_user();
create trigger users_counted_on_soft_delete after update of deleted_at on users
  for each row when (old.deleted_at is distinct from new.deleted_at) execute function count_changed_user();
