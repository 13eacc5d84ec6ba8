-- The moderation log: one row per action of a community's mods or the site's admins, written in
-- the transaction of the action. Rows keep what is needed to show them later (a post's title, a
-- username, a rule's text) in `details`, since the things acted on change or go away.
create table mod_actions (
  id uuid primary key default uuid_generate_v7(),
  created_at timestamptz not null default now(),
  -- Null for site-wide actions: site bans and pins, IP blocks, community requests.
  community_id uuid references communities (id) on delete cascade,
  actor_id uuid references users (id) on delete set null,
  actor_group text not null constraint mod_actions_actor_group_check check (actor_group in ('mods', 'admins')),
  kind text not null constraint mod_actions_kind_check check (kind in (
    'remove_post', 'remove_post_content', 'remove_comment', 'lock_post', 'unlock_post',
    'pin_post', 'unpin_post', 'pin_post_site', 'unpin_post_site',
    'ban_user', 'unban_user', 'ban_user_site', 'unban_user_site', 'add_mod', 'remove_mod',
    'add_rule', 'edit_rule', 'remove_rule', 'edit_community', 'ignore_report',
    'deny_community_request', 'block_ip', 'cancel_ip_block')),
  target_type text not null constraint mod_actions_target_type_check check (target_type in (
    'post', 'comment', 'user', 'rule', 'community', 'report', 'community_request', 'ip_block')),
  target_id uuid not null,
  -- The user acted on, or the author of what was acted on.
  target_user_id uuid references users (id) on delete set null,
  -- The post and comment concerned, to tell at reading whether they have been removed since.
  post_id uuid,
  comment_id uuid,
  details jsonb not null default '{}',
  expires_at timestamptz,
  reason text
);
-- A community's log newest first, of one kind, by one moderator; the site-wide log.
create index mod_actions_community_idx on mod_actions (community_id, id desc) where community_id is not null;
create index mod_actions_community_kind_idx on mod_actions (community_id, kind, id desc) where community_id is not null;
create index mod_actions_community_actor_idx on mod_actions (community_id, actor_id, id desc) where community_id is not null;
create index mod_actions_site_idx on mod_actions (id desc) where community_id is null;
create index mod_actions_site_kind_idx on mod_actions (kind, id desc) where community_id is null;
create index mod_actions_actor_id_idx on mod_actions (actor_id);
create index mod_actions_target_user_id_idx on mod_actions (target_user_id);

alter table site_settings add column mod_log_names boolean not null default true;

-- Authors are told when mods or admins lock their post or remove their comment.
alter table notifications drop constraint notifications_type_check;
alter table notifications add constraint notifications_type_check check (type in (
  'new_comment', 'comment_reply', 'new_votes', 'deleted_post', 'mod_add', 'new_badge',
  'welcome', 'announcement', 'denied_comm', 'post_locked', 'deleted_comment'));
