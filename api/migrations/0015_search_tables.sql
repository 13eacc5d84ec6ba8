-- The words of posts and comments for search move to tables of their own, written only when the
-- text is: every vote rewrites its post's or comment's row (counts, points, hot rank), and with the
-- words in that row each rewrite recomputed them and added them to the search index again.
-- Inserts fill the tables per statement (the seed inserts in bulk); edits per row, and only when
-- the title or body changed.

create table post_search (
  post_id uuid primary key references posts (id) on delete cascade,
  vector tsvector not null
);
insert into post_search (post_id, vector) select id, search_vector from posts;
alter table posts drop column search_vector;
create index post_search_vector_idx on post_search using gin (vector);

create table comment_search (
  comment_id uuid primary key references comments (id) on delete cascade,
  vector tsvector not null
);
insert into comment_search (comment_id, vector) select id, search_vector from comments;
alter table comments drop column search_vector;
create index comment_search_vector_idx on comment_search using gin (vector);

create function post_search_vector(title text, body text) returns tsvector
language sql immutable parallel safe as $$
  select setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', coalesce(body, '')), 'B')
$$;

create function comment_search_vector(body text) returns tsvector
language sql immutable parallel safe as $$
  select to_tsvector('english', body)
$$;

create function index_inserted_posts() returns trigger
language plpgsql as $$
begin
  insert into post_search (post_id, vector) select id, post_search_vector(title, body) from inserted_posts;
  return null;
end
$$;

create function index_edited_post() returns trigger
language plpgsql as $$
begin
  update post_search set vector = post_search_vector(new.title, new.body) where post_id = new.id;
  return null;
end
$$;

create function index_inserted_comments() returns trigger
language plpgsql as $$
begin
  insert into comment_search (comment_id, vector) select id, comment_search_vector(body) from inserted_comments;
  return null;
end
$$;

create function index_edited_comment() returns trigger
language plpgsql as $$
begin
  update comment_search set vector = comment_search_vector(new.body) where comment_id = new.id;
  return null;
end
$$;

create trigger posts_searchable_on_insert after insert on posts
  referencing new table as inserted_posts for each statement execute function index_inserted_posts();
create trigger posts_searchable_on_edit after update of title, body on posts
  for each row when (old.title is distinct from new.title or old.body is distinct from new.body) execute function index_edited_post();
create trigger comments_searchable_on_insert after insert on comments
  referencing new table as inserted_comments for each statement execute function index_inserted_comments();
create trigger comments_searchable_on_edit after update of body on comments
  for each row when (old.body is distinct from new.body) execute function index_edited_comment();
