-- Full-text search over posts (title weighted above body) and comments, and prefix search over
-- community and user names.
alter table posts add column search_vector tsvector generated always as (
  setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', coalesce(body, '')), 'B')
) stored;
create index posts_search_idx on posts using gin (search_vector) where deleted_at is null;

alter table comments add column search_vector tsvector generated always as (to_tsvector('english', body)) stored;
create index comments_search_idx on comments using gin (search_vector) where deleted_at is null;

create index communities_name_prefix_idx on communities (lower(name) text_pattern_ops) where deleted_at is null;
create index users_username_prefix_idx on users (lower(username) text_pattern_ops) where deleted_at is null and banned_at is null;
