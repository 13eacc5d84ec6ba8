-- Every account now starts with a private Bookmarks list, made with it at sign-up. Accounts made
-- before that and still without any list get theirs here; those that already keep lists are left
-- as they are, and deleted accounts keep none.
insert into lists (user_id, name, display_name, public)
select u.id, 'bookmarks', 'Bookmarks', false
from users u
where u.deleted_at is null
  and not exists (select 1 from lists l where l.user_id = u.id);
