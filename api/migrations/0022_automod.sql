-- Automatic moderation: watched words per community and site-wide, new-member limits, and posts
-- and comments held for a moderator's approval. The moderation log also records announcements,
-- default communities and deleted community requests.

create table watched_words (
  id uuid primary key default uuid_generate_v7(),
  -- Null for the site-wide list.
  community_id uuid references communities (id) on delete cascade,
  position integer not null,
  pattern text not null,
  action text not null constraint watched_words_action_check check (action in ('block', 'hold', 'report', 'replace')),
  replacement text,
  rule text not null,
  applies_to_mods boolean not null default false
);
create index watched_words_list_idx on watched_words (community_id, position);

-- Bumped on every change of a list, so each server process knows when its compiled copy is stale.
alter table communities
  add column automod_version integer not null default 0,
  add column new_member_days integer not null default 0,
  add column new_member_points integer not null default 0,
  add column new_member_comments boolean not null default false;
alter table site_settings add column automod_version integer not null default 0;

-- A held post or comment is not counted, shown or notified until a moderator approves it.
alter table posts add column held_at timestamptz, add column held_reason text;
alter table comments add column held_at timestamptz, add column held_reason text;
create index posts_held_idx on posts (community_id, held_at, id) where held_at is not null and deleted_at is null;
create index comments_held_idx on comments (community_id, held_at, id) where held_at is not null and deleted_at is null;
create index comments_held_author_idx on comments (post_id, user_id) where held_at is not null;

-- Watched words report on their own: such a report has no reporter.
alter table reports alter column created_by drop not null;

alter table mod_actions drop constraint mod_actions_actor_group_check;
alter table mod_actions add constraint mod_actions_actor_group_check check (actor_group in ('mods', 'admins', 'automatic'));
alter table mod_actions drop constraint mod_actions_kind_check;
alter table mod_actions add constraint mod_actions_kind_check check (kind in (
  'remove_post', 'remove_post_content', 'remove_comment', 'lock_post', 'unlock_post',
  'pin_post', 'unpin_post', 'pin_post_site', 'unpin_post_site',
  'ban_user', 'unban_user', 'ban_user_site', 'unban_user_site', 'add_mod', 'remove_mod',
  'add_rule', 'edit_rule', 'remove_rule', 'edit_community', 'ignore_report',
  'deny_community_request', 'block_ip', 'cancel_ip_block',
  'announce_post', 'add_default_community', 'remove_default_community', 'delete_community_request',
  'edit_automod', 'hold_post', 'hold_comment', 'approve_post', 'approve_comment', 'block_content', 'auto_report'));
alter table mod_actions drop constraint mod_actions_target_type_check;
alter table mod_actions add constraint mod_actions_target_type_check check (target_type in (
  'post', 'comment', 'user', 'rule', 'community', 'report', 'community_request', 'ip_block', 'automod'));

alter table notifications drop constraint notifications_type_check;
alter table notifications add constraint notifications_type_check check (type in (
  'new_comment', 'comment_reply', 'new_votes', 'deleted_post', 'mod_add', 'new_badge',
  'welcome', 'announcement', 'denied_comm', 'post_locked', 'deleted_comment', 'approved'));
