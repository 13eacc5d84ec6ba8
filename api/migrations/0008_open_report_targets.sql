-- Acting on a post or a comment closes its open reports: find them by target.
create index reports_open_post_idx on reports (post_id) where dealt_at is null and type = 'post';
create index reports_open_comment_idx on reports (comment_id) where dealt_at is null and type = 'comment';
