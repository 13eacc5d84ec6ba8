-- The vote rule, whole and current. The database owns it: a vote is one call, so the checks, the
-- voter's row, the item's counters, the author's points and the hot rank change together in one
-- transaction, without a round trip between the app and the database while rows are locked.
-- Migrations 0012, 0013, 0016 and 0017 built it step by step; this one states it again, unchanged,
-- in one place. A change to the rule restates these functions whole in a new migration.
--
-- The rule:
-- * Pressing the arrow the vote already has takes the vote back; the other arrow turns it round;
--   a first press counts (vote_change). The web app predicts the same answer before the server's
--   (packages/shared/src/votes.ts); the server's answer is the one kept.
-- * The checks, in this order: the item exists ('not_found'), the voter is not banned from its
--   community ('banned'), the item is not deleted ('deleted'), the post (a comment's post) is not
--   locked ('locked').
-- * One voter's presses on one item take turns (lock_voter_on); other voters' go on beside. The
--   item's counters are added to from the row as it is when updated, so they stay exact.
-- * An upvote from someone other than the author gives the author a point; the vote row remembers
--   whether it counted, so taking it back or turning it round takes back only what was given.
--   Downvotes never take points away.
-- * An upvote from someone other than the author answers 'upvoted' and leaves a notice that the
--   notification job drains (vote_notices); any other press answers 'voted'.

-- Answers the vote after the press and how the item's upvotes and downvotes move.
create or replace function vote_change(previous boolean, press boolean, out next_up boolean, out upvotes integer, out downvotes integer)
language sql immutable parallel safe as $$
  select n, (n is true)::int - (previous is true)::int, (n is false)::int - (previous is false)::int
  from (select case when previous is distinct from press then press end as n) s
$$;

-- A press on a post; a post's hot rank follows its upvotes (post_hotness, api/src/posts/hotness.ts).
create or replace function cast_post_vote(post uuid, voter uuid, press boolean) returns text
language plpgsql as $$
declare
  author uuid;
  community uuid;
  is_deleted boolean;
  is_locked boolean;
  previous boolean;
  was_counted boolean;
  counts_for_author boolean;
  change record;
begin
  select p.user_id, p.community_id, p.deleted_at is not null, p.locked_at is not null
    into author, community, is_deleted, is_locked
    from posts p where p.id = post;
  if not found then return 'not_found'; end if;
  if is_banned_from(community, voter) then return 'banned'; end if;
  if is_deleted then return 'deleted'; end if;
  if is_locked then return 'locked'; end if;

  perform lock_voter_on(post, voter);
  select v.up, v.counted into previous, was_counted from post_votes v where v.post_id = post and v.user_id = voter;
  change := vote_change(previous, press);
  counts_for_author := coalesce(was_counted, voter <> author);
  update posts p set upvotes = p.upvotes + change.upvotes, downvotes = p.downvotes + change.downvotes,
      points = p.points + change.upvotes - change.downvotes, hotness = post_hotness(p.upvotes + change.upvotes, p.created_at)
    where p.id = post;
  if previous is null then
    insert into post_votes (post_id, user_id, up, counted) values (post, voter, press, counts_for_author);
  elsif change.next_up is null then
    delete from post_votes v where v.post_id = post and v.user_id = voter;
  else
    update post_votes v set up = press where v.post_id = post and v.user_id = voter;
  end if;
  if counts_for_author and change.upvotes <> 0 then
    update users u set points = u.points + change.upvotes where u.id = author;
  end if;
  if change.next_up and voter <> author then
    insert into vote_notices (target_type, target_id) values ('post', post)
      on conflict (target_type, target_id) do update set version = vote_notices.version + 1;
  end if;
  return case when change.next_up and voter <> author then 'upvoted' else 'voted' end;
end
$$;

-- A press on a comment; comments have no hot rank.
create or replace function cast_comment_vote(comment uuid, voter uuid, press boolean) returns text
language plpgsql as $$
declare
  author uuid;
  community uuid;
  is_deleted boolean;
  post_locked boolean;
  previous boolean;
  was_counted boolean;
  counts_for_author boolean;
  change record;
begin
  select cm.user_id, cm.community_id, cm.deleted_at is not null, p.locked_at is not null
    into author, community, is_deleted, post_locked
    from comments cm join posts p on p.id = cm.post_id where cm.id = comment;
  if not found then return 'not_found'; end if;
  if is_banned_from(community, voter) then return 'banned'; end if;
  if is_deleted then return 'deleted'; end if;
  if post_locked then return 'locked'; end if;

  perform lock_voter_on(comment, voter);
  select v.up, v.counted into previous, was_counted from comment_votes v where v.comment_id = comment and v.user_id = voter;
  change := vote_change(previous, press);
  counts_for_author := coalesce(was_counted, voter <> author);
  update comments cm set upvotes = cm.upvotes + change.upvotes, downvotes = cm.downvotes + change.downvotes,
      points = cm.points + change.upvotes - change.downvotes
    where cm.id = comment;
  if previous is null then
    insert into comment_votes (comment_id, user_id, up, counted) values (comment, voter, press, counts_for_author);
  elsif change.next_up is null then
    delete from comment_votes v where v.comment_id = comment and v.user_id = voter;
  else
    update comment_votes v set up = press where v.comment_id = comment and v.user_id = voter;
  end if;
  if counts_for_author and change.upvotes <> 0 then
    update users u set points = u.points + change.upvotes where u.id = author;
  end if;
  if change.next_up and voter <> author then
    insert into vote_notices (target_type, target_id) values ('comment', comment)
      on conflict (target_type, target_id) do update set version = vote_notices.version + 1;
  end if;
  return case when change.next_up and voter <> author then 'upvoted' else 'voted' end;
end
$$;
