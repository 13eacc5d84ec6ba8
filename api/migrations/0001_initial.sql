-- The initial schema: every entity of the product. Ids are UUID version 7 (time-ordered, random
-- tail from the server's CSPRNG), so "newest first" is an index scan on the primary key.

create function uuid_generate_v7() returns uuid
language sql volatile as $$
  select encode(
    set_bit(
      set_bit(
        overlay(uuid_send(gen_random_uuid())
          placing substring(int8send((extract(epoch from clock_timestamp()) * 1000)::bigint) from 3)
          from 1 for 6),
        52, 1),
      53, 1),
    'hex')::uuid
$$;

-- ---------------------------------------------------------------- site
create table app_data (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);

create table site_settings (
  id smallint primary key default 1 constraint site_settings_single_row check (id = 1),
  signups_disabled boolean not null default false,
  image_post_submit_req_points integer not null default 0 check (image_post_submit_req_points >= 0),
  link_post_submit_req_points integer not null default 0 check (link_post_submit_req_points >= 0),
  community_create_req_points integer not null default 10 check (community_create_req_points >= 0),
  max_communities_moderated integer not null default 10 check (max_communities_moderated >= 0),
  updated_at timestamptz not null default now()
);
insert into site_settings (id) values (1);

-- ---------------------------------------------------------------- images
create table images (
  id uuid primary key default uuid_generate_v7(),
  store_name text not null default 'disk',
  store_key text not null,
  format text not null constraint images_format_check check (format in ('jpeg', 'png', 'webp')),
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  size integer not null check (size >= 0),
  upload_size integer not null default 0,
  average_color text not null default 'rgb(128,128,128)',
  alt_text varchar(1024),
  copies jsonb not null default '[]',
  uploaded_by uuid,
  -- Uploads not yet attached to a post, picture or banner are removed after a while.
  attached_at timestamptz,
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index images_unattached_idx on images (created_at) where attached_at is null;

-- ---------------------------------------------------------------- users and sessions
create table users (
  id uuid primary key default uuid_generate_v7(),
  username varchar(21) not null constraint users_username_check check (username ~ '^[A-Za-z0-9_]{1,21}$'),
  email text,
  email_confirmed_at timestamptz,
  password_hash text not null,
  about_me text,
  points integer not null default 1,
  is_admin boolean not null default false,
  notifications_new_count integer not null default 0 check (notifications_new_count >= 0),
  no_posts integer not null default 0 check (no_posts >= 0),
  no_comments integer not null default 0 check (no_comments >= 0),
  created_at timestamptz not null default now(),
  created_ip inet,
  last_seen timestamptz not null default now(),
  last_seen_ip inet,
  deleted_at timestamptz,
  banned_at timestamptz,
  pro_pic_id uuid references images (id) on delete set null,
  embeds_off boolean not null default false,
  home_feed text not null default 'all' constraint users_home_feed_check check (home_feed in ('all', 'subscriptions')),
  remember_feed_sort boolean not null default false,
  upvote_notifications_off boolean not null default false,
  reply_notifications_off boolean not null default false,
  hide_user_profile_pictures boolean not null default false,
  require_alt_text boolean not null default false,
  welcome_notification_sent boolean not null default false
);
create unique index users_username_lc_idx on users (lower(username));
create index users_email_lc_idx on users (lower(email)) where email is not null;
create index users_created_at_idx on users (created_at desc, id desc);

alter table images add constraint images_uploaded_by_fkey foreign key (uploaded_by) references users (id) on delete set null;

create table sessions (
  -- SHA-256 of the cookie value, so the table never holds a usable session id.
  id text primary key,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  ip inet,
  user_agent text
);
create index sessions_user_id_idx on sessions (user_id);
create index sessions_expires_at_idx on sessions (expires_at);

create table user_badges (
  id uuid primary key default uuid_generate_v7(),
  user_id uuid not null references users (id) on delete cascade,
  type text not null constraint user_badges_type_check check (type in ('supporter')),
  created_at timestamptz not null default now(),
  constraint user_badges_user_type_key unique (user_id, type)
);

-- ---------------------------------------------------------------- communities
create table communities (
  id uuid primary key default uuid_generate_v7(),
  name varchar(21) not null constraint communities_name_check check (name ~ '^[A-Za-z0-9_]{3,21}$'),
  about text,
  no_members integer not null default 0 check (no_members >= 0),
  no_posts integer not null default 0 check (no_posts >= 0),
  pro_pic_id uuid references images (id) on delete set null,
  banner_image_id uuid references images (id) on delete set null,
  posting_restricted boolean not null default false,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  deleted_at timestamptz,
  deleted_by uuid references users (id) on delete set null
);
create unique index communities_name_lc_idx on communities (lower(name));
create index communities_size_idx on communities (no_members desc, id desc) where deleted_at is null;
create index communities_created_idx on communities (created_at desc, id desc) where deleted_at is null;

create table community_members (
  community_id uuid not null references communities (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (community_id, user_id)
);
create index community_members_user_id_idx on community_members (user_id, community_id);

create table community_mods (
  community_id uuid not null references communities (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  -- Lower is more senior; a mod may remove mods at or after their own position.
  position integer not null check (position >= 0),
  added_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (community_id, user_id),
  constraint community_mods_position_key unique (community_id, position)
);
create index community_mods_user_id_idx on community_mods (user_id);

create table community_rules (
  id uuid primary key default uuid_generate_v7(),
  community_id uuid not null references communities (id) on delete cascade,
  rule varchar(512) not null check (rule <> ''),
  description varchar(512),
  z_index integer not null default 0,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index community_rules_community_idx on community_rules (community_id, z_index, id);

create table community_bans (
  community_id uuid not null references communities (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  banned_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz,
  primary key (community_id, user_id)
);
create index community_bans_user_id_idx on community_bans (user_id);

create table default_communities (
  community_id uuid primary key references communities (id) on delete cascade,
  created_at timestamptz not null default now()
);

create table community_requests (
  id uuid primary key default uuid_generate_v7(),
  by_user_id uuid references users (id) on delete set null,
  community_name varchar(21) not null,
  note varchar(500),
  created_at timestamptz not null default now(),
  denied_at timestamptz,
  denied_by uuid references users (id) on delete set null,
  denied_note text,
  deleted_at timestamptz
);
create index community_requests_created_idx on community_requests (created_at desc, id desc);
create index community_requests_name_idx on community_requests (lower(community_name));

-- ---------------------------------------------------------------- posts
create table posts (
  id uuid primary key default uuid_generate_v7(),
  public_id varchar(16) not null constraint posts_public_id_key unique,
  type text not null constraint posts_type_check check (type in ('text', 'image', 'link')),
  user_id uuid not null references users (id) on delete cascade,
  user_group text not null default 'normal' constraint posts_user_group_check check (user_group in ('normal', 'mods', 'admins')),
  community_id uuid not null references communities (id) on delete cascade,
  title varchar(255) not null check (char_length(title) >= 3),
  body text,
  link_url text,
  link_hostname text,
  link_image_id uuid references images (id) on delete set null,
  locked_at timestamptz,
  locked_by uuid references users (id) on delete set null,
  locked_by_group text check (locked_by_group in ('normal', 'mods', 'admins')),
  no_comments integer not null default 0 check (no_comments >= 0),
  upvotes integer not null default 0 check (upvotes >= 0),
  downvotes integer not null default 0 check (downvotes >= 0),
  -- upvotes - downvotes, kept for the top sorts.
  points integer not null default 0,
  hotness bigint not null default 0,
  created_at timestamptz not null default now(),
  edited_at timestamptz,
  last_activity_at timestamptz not null default now(),
  deleted_at timestamptz,
  deleted_by uuid references users (id) on delete set null,
  deleted_as text check (deleted_as in ('normal', 'mods', 'admins')),
  deleted_content_at timestamptz,
  deleted_content_by uuid references users (id) on delete set null,
  deleted_content_as text check (deleted_content_as in ('normal', 'mods', 'admins')),
  pinned_at timestamptz,
  pinned_site_at timestamptz,
  announced_at timestamptz,
  announced_by uuid references users (id) on delete set null,
  constraint posts_link_check check (type <> 'link' or link_url is not null or deleted_content_at is not null)
);
-- Feed indexes: every sort is a keyset walk with the id as tie-breaker, site-wide and per community.
create index posts_hot_idx on posts (hotness desc, id desc) where deleted_at is null;
create index posts_latest_idx on posts (id desc) where deleted_at is null;
create index posts_activity_idx on posts (last_activity_at desc, id desc) where deleted_at is null;
create index posts_top_idx on posts (points desc, id desc) where deleted_at is null;
create index posts_community_hot_idx on posts (community_id, hotness desc, id desc) where deleted_at is null;
create index posts_community_latest_idx on posts (community_id, id desc) where deleted_at is null;
create index posts_community_activity_idx on posts (community_id, last_activity_at desc, id desc) where deleted_at is null;
create index posts_community_top_idx on posts (community_id, points desc, id desc) where deleted_at is null;
create index posts_created_at_idx on posts (created_at) where deleted_at is null;
create index posts_user_idx on posts (user_id, id desc);
create index posts_pinned_idx on posts (community_id, pinned_at) where pinned_at is not null;
create index posts_pinned_site_idx on posts (pinned_site_at) where pinned_site_at is not null;
create index posts_community_deleted_idx on posts (community_id, deleted_at desc) where deleted_at is not null;
create index posts_community_locked_idx on posts (community_id, locked_at desc) where locked_at is not null;

create table post_images (
  post_id uuid not null references posts (id) on delete cascade,
  image_id uuid not null constraint post_images_image_id_key unique references images (id) on delete cascade,
  z_index integer not null default 0,
  caption varchar(1024),
  primary key (post_id, image_id)
);
create index post_images_order_idx on post_images (post_id, z_index);

create table post_votes (
  post_id uuid not null references posts (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  up boolean not null,
  -- Whether this vote moved the author's points (kept so that undoing it stays consistent).
  counted boolean not null default true,
  created_at timestamptz not null default now(),
  primary key (post_id, user_id)
);
create index post_votes_user_idx on post_votes (user_id, post_id);

create table post_visits (
  post_id uuid not null references posts (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  first_visited_at timestamptz not null default now(),
  last_visited_at timestamptz not null default now(),
  primary key (user_id, post_id)
);

create table hidden_posts (
  user_id uuid not null references users (id) on delete cascade,
  post_id uuid not null references posts (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, post_id)
);

-- ---------------------------------------------------------------- comments
create table comments (
  id uuid primary key default uuid_generate_v7(),
  post_id uuid not null references posts (id) on delete cascade,
  community_id uuid not null references communities (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  user_group text not null default 'normal' constraint comments_user_group_check check (user_group in ('normal', 'mods', 'admins')),
  parent_id uuid references comments (id) on delete cascade,
  depth smallint not null default 0 constraint comments_depth_check check (depth between 0 and 15),
  -- Ids from the root comment down to the parent.
  ancestors uuid[] not null default '{}',
  no_replies integer not null default 0 check (no_replies >= 0),
  no_replies_direct integer not null default 0 check (no_replies_direct >= 0),
  body text not null,
  upvotes integer not null default 0 check (upvotes >= 0),
  downvotes integer not null default 0 check (downvotes >= 0),
  points integer not null default 0,
  created_at timestamptz not null default now(),
  edited_at timestamptz,
  deleted_at timestamptz,
  deleted_by uuid references users (id) on delete set null,
  deleted_as text check (deleted_as in ('normal', 'mods', 'admins')),
  locked_at timestamptz,
  locked_by uuid references users (id) on delete set null,
  locked_by_group text check (locked_by_group in ('normal', 'mods', 'admins')),
  constraint comments_parent_depth_check check ((parent_id is null) = (depth = 0))
);
create index comments_top_level_idx on comments (post_id, upvotes desc, id desc) where parent_id is null;
create index comments_replies_idx on comments (parent_id, upvotes desc, id desc) where parent_id is not null;
create index comments_ancestors_idx on comments using gin (ancestors);
create index comments_user_idx on comments (user_id, id desc);
create index comments_latest_idx on comments (id desc);

create table comment_votes (
  comment_id uuid not null references comments (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  up boolean not null,
  counted boolean not null default true,
  created_at timestamptz not null default now(),
  primary key (comment_id, user_id)
);
create index comment_votes_user_idx on comment_votes (user_id, comment_id);

-- ---------------------------------------------------------------- notifications and push
create table notifications (
  id uuid primary key default uuid_generate_v7(),
  user_id uuid not null references users (id) on delete cascade,
  type text not null constraint notifications_type_check check (type in (
    'new_comment', 'comment_reply', 'new_votes', 'deleted_post', 'mod_add', 'new_badge',
    'welcome', 'announcement', 'community_request_denied')),
  payload jsonb not null default '{}',
  seen_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- Unseen first, then most recently updated.
create index notifications_user_order_idx on notifications (user_id, (seen_at is not null), updated_at desc, id desc);

create table push_subscriptions (
  id uuid primary key default uuid_generate_v7(),
  session_id text not null constraint push_subscriptions_session_key unique references sessions (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  endpoint text not null,
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index push_subscriptions_user_idx on push_subscriptions (user_id);

-- ---------------------------------------------------------------- lists
create table lists (
  id uuid primary key default uuid_generate_v7(),
  user_id uuid not null references users (id) on delete cascade,
  name varchar(21) not null constraint lists_name_check check (name ~ '^[A-Za-z0-9_-]{1,21}$'),
  display_name varchar(100) not null,
  description text,
  public boolean not null default false,
  num_items integer not null default 0 check (num_items >= 0),
  created_at timestamptz not null default now(),
  last_updated_at timestamptz not null default now()
);
create unique index lists_user_name_idx on lists (user_id, lower(name));

create table list_items (
  id uuid primary key default uuid_generate_v7(),
  list_id uuid not null references lists (id) on delete cascade,
  target_type text not null constraint list_items_target_type_check check (target_type in ('post', 'comment')),
  post_id uuid references posts (id) on delete cascade,
  comment_id uuid references comments (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint list_items_target_check check (
    (target_type = 'post' and post_id is not null and comment_id is null) or
    (target_type = 'comment' and comment_id is not null and post_id is null))
);
create unique index list_items_post_idx on list_items (list_id, post_id) where post_id is not null;
create unique index list_items_comment_idx on list_items (list_id, comment_id) where comment_id is not null;
create index list_items_order_idx on list_items (list_id, created_at desc, id desc);

-- ---------------------------------------------------------------- mutes and hidden content
create table user_mutes (
  user_id uuid not null references users (id) on delete cascade,
  muted_user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, muted_user_id),
  constraint user_mutes_not_self check (user_id <> muted_user_id)
);

create table community_mutes (
  user_id uuid not null references users (id) on delete cascade,
  community_id uuid not null references communities (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, community_id)
);

-- ---------------------------------------------------------------- reports
create table report_reasons (
  id integer primary key,
  title text not null,
  description text
);
insert into report_reasons (id, title, description) values
  (1, 'Breaks community rules', 'The content breaks one or more rules of this community.'),
  (2, 'Spam', 'Unsolicited advertising, repeated posts or misleading links.'),
  (3, 'Harassment or hate', 'Attacks a person or a group for who they are.'),
  (4, 'Sexual or violent content', 'Explicit or graphic material that does not belong here.'),
  (5, 'Copyright violation', 'Content shared without the rights holder''s permission.'),
  (6, 'Something else', 'Another reason a moderator should look at this.');

create table reports (
  id uuid primary key default uuid_generate_v7(),
  community_id uuid not null references communities (id) on delete cascade,
  type text not null constraint reports_type_check check (type in ('post', 'comment')),
  post_id uuid not null references posts (id) on delete cascade,
  comment_id uuid references comments (id) on delete cascade,
  reason_id integer not null references report_reasons (id),
  description text,
  created_by uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  action_taken text,
  dealt_at timestamptz,
  dealt_by uuid references users (id) on delete set null,
  constraint reports_target_check check ((type = 'comment') = (comment_id is not null))
);
create unique index reports_post_once_idx on reports (created_by, post_id) where type = 'post';
create unique index reports_comment_once_idx on reports (created_by, comment_id) where type = 'comment';
create index reports_community_idx on reports (community_id, created_at desc, id desc) where dealt_at is null;

-- ---------------------------------------------------------------- admin
create table ip_blocks (
  id uuid primary key default uuid_generate_v7(),
  ip inet not null,
  masked_bits smallint not null check (masked_bits between 0 and 128),
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz,
  cancelled_at timestamptz,
  note text
);
create index ip_blocks_active_idx on ip_blocks (created_at desc) where cancelled_at is null;

create table analytics_events (
  id uuid primary key default uuid_generate_v7(),
  name text not null,
  -- Set for events that must be recorded once (for example one a user a day).
  unique_key text constraint analytics_events_unique_key unique,
  payload jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index analytics_events_name_idx on analytics_events (name, created_at desc);
