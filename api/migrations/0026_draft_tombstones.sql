-- A deleted draft leaves a tombstone: its row stays, `deleted`, its words emptied, at the `seq` of
-- the delete, so that another device still holding an older copy learns that it is gone, and an
-- older save arriving late does not bring it back. A later save revives the row.
alter table drafts add column deleted boolean not null default false;
-- The list of drafts and the per-member cap look at live drafts only.
drop index drafts_user_updated_idx;
create index drafts_user_updated_idx on drafts (user_id, updated_at desc) where not deleted;
