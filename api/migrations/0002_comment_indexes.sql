-- Comments made since a viewer's last visit (the post page's "new comments").
create index comments_post_created_idx on comments (post_id, created_at);
