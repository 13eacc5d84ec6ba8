-- Failed pushes counted per subscription: one that failed three different pushes within a day is
-- dropped (a push's retries count once), as one the push service no longer knows is dropped at once.
alter table push_subscriptions
  add column failed_notifications uuid[] not null default '{}',
  add column failing_since timestamptz;
