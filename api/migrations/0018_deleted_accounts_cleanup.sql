-- What a deleted account leaves goes with it: others' mutes of it (which marked its [deleted]
-- comments as by a muted author) and its lists (which named it). Account deletion now removes
-- both, finding the mutes of the account by this index; the deletes below remove those of the
-- accounts deleted before.
create index user_mutes_muted_user_idx on user_mutes (muted_user_id);
delete from user_mutes m using users u where u.id = m.muted_user_id and u.deleted_at is not null;
delete from lists l using users u where u.id = l.user_id and u.deleted_at is not null;
