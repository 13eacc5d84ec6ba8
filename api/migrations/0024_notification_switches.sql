-- Two more kinds of notification a member may turn off: what moderators did to their posts and
-- comments (removed, locked, approved), and the site's announcements. Both the list and pushes honour them.
alter table users
  add column moderation_notifications_off boolean not null default false,
  add column announcement_notifications_off boolean not null default false;
