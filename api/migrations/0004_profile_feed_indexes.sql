-- A profile's feed walks a user's posts and comments newest first, both kinds interleaved by time.
create index posts_user_created_idx on posts (user_id, created_at desc, id desc) where deleted_at is null;
create index comments_user_created_idx on comments (user_id, created_at desc, id desc) where deleted_at is null;
