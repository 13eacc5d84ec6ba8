-- A vote is one call to the database: the item's row is locked, the voter's vote row, the
-- author's points and the item's counters change, and the lock is let go, without a round trip
-- between the app and the database while the lock is held. Votes on one item take turns for a
-- fraction of a millisecond each, and the counts stay exact.

-- The hot rank of posts/hotness.ts: weighted upvotes (1 each up to 3, then 3, 4, 5 and 6), and
-- every 45,000 s of recency worth ten times them.
create function post_hotness(upvotes integer, created_at timestamptz) returns bigint
language sql immutable parallel safe as $$
  select round((
    log(greatest(w.weighted, 1)::float8)
    + case when w.weighted > 0 then (extract(epoch from created_at) * 1000)::bigint::float8 / 1000 / 45000 else 0 end
  ) * 10000000)::bigint
  from (select least(upvotes, 3) + 3 * greatest(0, least(upvotes, 10) - 3) + 4 * greatest(0, least(upvotes, 20) - 10)
          + 5 * greatest(0, least(upvotes, 40) - 20) + 6 * greatest(0, upvotes - 40) as weighted) w
$$;

-- The vote state machine of packages/shared/src/votes.ts: pressing the arrow the vote already has
-- takes the vote back, the other arrow turns it round. Answers the vote after the press and how
-- the item's upvotes and downvotes move.
create function vote_change(previous boolean, press boolean, out next_up boolean, out upvotes integer, out downvotes integer)
language sql immutable parallel safe as $$
  select n, (n is true)::int - (previous is true)::int, (n is false)::int - (previous is false)::int
  from (select case when previous is distinct from press then press end as n) s
$$;

-- An upvote from someone other than the author gives the author a point (the vote row remembers
-- whether it counted); downvotes never take points away. Answers 'voted', 'not_found', 'deleted'
-- or 'locked'.
create function cast_post_vote(post uuid, voter uuid, press boolean) returns text
language plpgsql as $$
declare
  author uuid;
  created timestamptz;
  ups integer;
  is_deleted boolean;
  is_locked boolean;
  previous boolean;
  was_counted boolean;
  counts_for_author boolean;
  change record;
begin
  select p.user_id, p.created_at, p.upvotes, p.deleted_at is not null, p.locked_at is not null
    into author, created, ups, is_deleted, is_locked
    from posts p where p.id = post for update;
  if not found then return 'not_found'; end if;
  if is_deleted then return 'deleted'; end if;
  if is_locked then return 'locked'; end if;

  select v.up, v.counted into previous, was_counted from post_votes v where v.post_id = post and v.user_id = voter;
  change := vote_change(previous, press);
  counts_for_author := coalesce(was_counted, voter <> author);
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
  update posts p set upvotes = p.upvotes + change.upvotes, downvotes = p.downvotes + change.downvotes,
      points = p.points + change.upvotes - change.downvotes, hotness = post_hotness(ups + change.upvotes, created)
    where p.id = post;
  return 'voted';
end
$$;

create function cast_comment_vote(comment uuid, voter uuid, press boolean) returns text
language plpgsql as $$
declare
  author uuid;
  is_deleted boolean;
  post_locked boolean;
  previous boolean;
  was_counted boolean;
  counts_for_author boolean;
  change record;
begin
  select cm.user_id, cm.deleted_at is not null, p.locked_at is not null
    into author, is_deleted, post_locked
    from comments cm join posts p on p.id = cm.post_id where cm.id = comment for update of cm;
  if not found then return 'not_found'; end if;
  if is_deleted then return 'deleted'; end if;
  if post_locked then return 'locked'; end if;

  select v.up, v.counted into previous, was_counted from comment_votes v where v.comment_id = comment and v.user_id = voter;
  change := vote_change(previous, press);
  counts_for_author := coalesce(was_counted, voter <> author);
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
  update comments cm set upvotes = cm.upvotes + change.upvotes, downvotes = cm.downvotes + change.downvotes,
      points = cm.points + change.upvotes - change.downvotes
    where cm.id = comment;
  return 'voted';
end
$$;
