-- Notifications: the reference's name for a denied community request, a version that grows with
-- every merge (a push is sent once per version), and the last version pushed.
alter table notifications drop constraint notifications_type_check;
update notifications set type = 'denied_comm' where type = 'community_request_denied';
alter table notifications add constraint notifications_type_check check (type in (
  'new_comment', 'comment_reply', 'new_votes', 'deleted_post', 'mod_add', 'new_badge',
  'welcome', 'announcement', 'denied_comm'));
alter table notifications add column version integer not null default 1;
alter table notifications add column pushed_version integer not null default 0;

-- Listing a user's notifications newest first, and trimming them to the newest 200.
create index notifications_user_recent_idx on notifications (user_id, updated_at desc, id desc);
