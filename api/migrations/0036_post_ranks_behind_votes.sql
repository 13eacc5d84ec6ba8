-- The vote rule, whole and current (0020 stated it before): a vote no longer moves a post's rank
-- itself. The counts stay exact when the vote answers; the post's points and hot rank, which
-- order the feeds, follow them within seconds (refresh_post_ranks, called by the job of
-- api/src/posts/ranks.ts). Rewriting them in the vote changed a column of several of the posts'
-- 19 indexes, so that every vote wrote the post's row anew and an entry in each index (about 2 ms
-- under the row's lock, which the next voter of a popular post waits for); changing the counts
-- alone changes no indexed column, so the row is updated in place (a heap-only update) when its
-- page has room, which the posts' pages now keep (fillfactor 90; pages written before gain it as
-- they are cleaned).
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
-- * A post's points are its upvotes less its downvotes and its hot rank follows its upvotes
--   (post_hotness, api/src/posts/hotness.ts): a vote on a post leaves a mark in post_rank_changes,
--   and refresh_post_ranks sets both from the counts of each marked post. A comment's points
--   change with its counts in the vote itself: a thread orders its comments by their upvotes,
--   which an index holds, so the comment's row is written anew either way.
-- * An upvote from someone other than the author gives the author a point; the vote row remembers
--   whether it counted, so taking it back or turning it round takes back only what was given.
--   Downvotes never take points away.
-- * An upvote from someone other than the author answers 'upvoted' and leaves a notice that the
--   notification job drains (vote_notices); any other press answers 'voted'.

alter table posts set (fillfactor = 90);

-- The posts whose votes changed since their rank was last set.
create table post_rank_changes (
  post_id uuid primary key
);

-- Answers the vote after the press and how the item's upvotes and downvotes move.
create or replace function vote_change(previous boolean, press boolean, out next_up boolean, out upvotes integer, out downvotes integer)
language sql immutable parallel safe as $$
  select n, (n is true)::int - (previous is true)::int, (n is false)::int - (previous is false)::int
  from (select case when previous is distinct from press then press end as n) s
$$;

-- A press on a post; its rank follows (refresh_post_ranks).
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
  update posts p set upvotes = p.upvotes + change.upvotes, downvotes = p.downvotes + change.downvotes
    where p.id = post;
  insert into post_rank_changes (post_id) values (post) on conflict do nothing;
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

-- Sets the points and hot rank of every post marked in post_rank_changes from its counts, and
-- answers how many it set. A vote marking a post again meanwhile leaves its mark for the next call.
create function refresh_post_ranks() returns integer
language sql as $$
  with changed as (delete from post_rank_changes returning post_id),
  ranked as (
    update posts p set points = p.upvotes - p.downvotes, hotness = post_hotness(p.upvotes, p.created_at)
    from changed
    where p.id = changed.post_id
      and (p.points, p.hotness) is distinct from (p.upvotes - p.downvotes, post_hotness(p.upvotes, p.created_at))
    returning 1)
  select count(*)::int from ranked
$$;
