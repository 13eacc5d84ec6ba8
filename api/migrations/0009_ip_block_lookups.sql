-- Finding the users whose sign-up or last-seen address lies in an IP block (the admin list shows
-- them) without reading every user.
create index users_created_ip_idx on users using gist (created_ip inet_ops) where created_ip is not null;
create index users_last_seen_ip_idx on users using gist (last_seen_ip inet_ops) where last_seen_ip is not null;
