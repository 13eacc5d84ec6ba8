-- A search by relevance ranks the newest matches of its words. With one index over every post, a
-- common word's newest matches could only be found by reading all its matches (tens of thousands
-- at a million posts) and keeping the newest. The words' tables are now split by month, by the
-- month that begins the post's or comment's id (ids are UUID version 7, which start with their
-- time in milliseconds), so that a search reads the newest months' indexes first and goes back
-- only as far as it needs to.
--
-- Each row also carries what a search filters by: the author, the community and whether the post
-- or comment is shown (not deleted, not held for approval, and for a comment neither is its post),
-- so that a match is checked without reading its post. The words' index holds the author and the
-- community beside the words (btree_gin, a trusted extension that comes with Postgres), so that
-- `in:` and `author:` read only their own matches. Rows are found by id through a hash index: an
-- index in id order would tempt the planner to read a month's rows in order, checking each one's
-- words, instead of asking the words' index.

create extension if not exists btree_gin;

create function uuid_at(at timestamptz) returns uuid
language sql immutable parallel safe as $$
  select (lpad(to_hex((extract(epoch from at) * 1000)::bigint), 12, '0') || '00000000000000000000')::uuid
$$;

-- Makes the month tables of `search_table` (split on `id_column`) for every month from `since`
-- through `through` that has none yet, moving in any rows the catch-all table held for that month.
-- Answers how many it made. Run at migration, by the seed and hourly (search/jobs.ts).
create function add_search_months(search_table text, id_column text, since timestamptz, through timestamptz) returns integer
language plpgsql as $$
declare
  month timestamptz := date_trunc('month', since, 'UTC');
  month_table text;
  made integer := 0;
begin
  while month <= through loop
    month_table := search_table || '_' || to_char(month at time zone 'UTC', 'YYYY_MM');
    if to_regclass(month_table) is null then
      execute format('create table %I (like %I including defaults)', month_table, search_table);
      execute format(
        'with moved as (delete from %I where %I >= $1 and %I < $2 returning *) insert into %I select * from moved',
        search_table || '_other', id_column, id_column, month_table)
        using uuid_at(month), uuid_at(month + interval '1 month');
      execute format('alter table %I attach partition %I for values from (%L) to (%L)',
        search_table, month_table, uuid_at(month), uuid_at(month + interval '1 month'));
      made := made + 1;
    end if;
    month := month + interval '1 month';
  end loop;
  return made;
end
$$;

alter table post_search rename to post_search_old;
alter table comment_search rename to comment_search_old;
alter index post_search_vector_idx rename to post_search_old_vector_idx;
alter index comment_search_vector_idx rename to comment_search_old_vector_idx;

create table post_search (
  post_id uuid not null references posts (id) on delete cascade,
  user_id uuid not null,
  community_id uuid not null,
  shown boolean not null,
  vector tsvector not null
) partition by range (post_id);
create table post_search_other partition of post_search default;

create table comment_search (
  comment_id uuid not null references comments (id) on delete cascade,
  user_id uuid not null,
  community_id uuid not null,
  shown boolean not null,
  vector tsvector not null
) partition by range (comment_id);
create table comment_search_other partition of comment_search default;

select add_search_months('post_search', 'post_id', coalesce((select min(created_at) from posts), now()), now() + interval '2 months');
select add_search_months('comment_search', 'comment_id', coalesce((select min(created_at) from comments), now()), now() + interval '2 months');

insert into post_search (post_id, user_id, community_id, shown, vector)
select p.id, p.user_id, p.community_id, p.deleted_at is null and p.held_at is null, o.vector
from post_search_old o join posts p on p.id = o.post_id;

insert into comment_search (comment_id, user_id, community_id, shown, vector)
select cm.id, cm.user_id, cm.community_id, cm.deleted_at is null and cm.held_at is null and p.deleted_at is null and p.held_at is null, o.vector
from comment_search_old o join comments cm on cm.id = o.comment_id join posts p on p.id = cm.post_id;

drop table post_search_old;
drop table comment_search_old;

-- Made once the rows are in, faster than row by row; each month table made later gets its own.
create index post_search_vector_idx on post_search using gin (vector, community_id, user_id) where shown;
create index post_search_post_idx on post_search using hash (post_id);
create index comment_search_vector_idx on comment_search using gin (vector, community_id, user_id) where shown;
create index comment_search_comment_idx on comment_search using hash (comment_id);

-- Search leaves out the posts and comments of deleted communities, which are few.
create index communities_deleted_idx on communities (id) where deleted_at is not null;

create or replace function index_inserted_posts() returns trigger
language plpgsql as $$
begin
  insert into post_search (post_id, user_id, community_id, shown, vector)
  select id, user_id, community_id, deleted_at is null and held_at is null, post_search_vector(title, body) from inserted_posts;
  return null;
end
$$;

create or replace function index_inserted_comments() returns trigger
language plpgsql as $$
begin
  insert into comment_search (comment_id, user_id, community_id, shown, vector)
  select cm.id, cm.user_id, cm.community_id, cm.deleted_at is null and cm.held_at is null and p.deleted_at is null and p.held_at is null,
    comment_search_vector(cm.body)
  from inserted_comments cm join posts p on p.id = cm.post_id;
  return null;
end
$$;

-- A post deleted, held or let through shows or hides itself and its comments in search.
create function show_post_in_search() returns trigger
language plpgsql as $$
declare
  is_shown boolean := new.deleted_at is null and new.held_at is null;
begin
  update post_search set shown = is_shown where post_id = new.id;
  update comment_search s set shown = is_shown and cm.deleted_at is null and cm.held_at is null
    from comments cm where cm.post_id = new.id and s.comment_id = cm.id;
  return null;
end
$$;

create function show_comment_in_search() returns trigger
language plpgsql as $$
begin
  update comment_search s set shown = new.deleted_at is null and new.held_at is null and p.deleted_at is null and p.held_at is null
    from posts p where p.id = new.post_id and s.comment_id = new.id;
  return null;
end
$$;

create trigger posts_shown_in_search after update of deleted_at, held_at on posts
  for each row when ((old.deleted_at is null and old.held_at is null) is distinct from (new.deleted_at is null and new.held_at is null))
  execute function show_post_in_search();
create trigger comments_shown_in_search after update of deleted_at, held_at on comments
  for each row when ((old.deleted_at is null and old.held_at is null) is distinct from (new.deleted_at is null and new.held_at is null))
  execute function show_comment_in_search();

-- The planner's statistics of the new tables, for the first searches after the migration.
analyze post_search;
analyze comment_search;
