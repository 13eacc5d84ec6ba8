-- An upvote that tells the author leaves a notice in the vote's own transaction, instead of the
-- request queueing a job per post or comment. One job drains the notices: it tells each author
-- the count as it is then, and removes a notice only if no upvote came after it was read (its
-- version), so a later upvote is told by the next drain and a crash leaves notices to drain again.

create table vote_notices (
  target_type text not null check (target_type in ('post', 'comment')),
  target_id uuid not null,
  version integer not null default 1,
  primary key (target_type, target_id)
);

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
