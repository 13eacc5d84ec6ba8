-- A vote checks the voter's community ban in the same call, and says whether the press left an
-- upvote from someone other than the author (which tells the author). The answer is one of
-- 'upvoted', 'voted', 'not_found', 'banned', 'deleted' or 'locked'; the checks come in that order
-- of precedence after 'not_found'.

create function is_banned_from(community uuid, member uuid) returns boolean
language sql stable parallel safe as $$
  select exists (select 1 from community_bans b
                 where b.community_id = community and b.user_id = member and (b.expires_at is null or b.expires_at > now()))
$$;

drop function cast_post_vote(uuid, uuid, boolean);
drop function cast_comment_vote(uuid, uuid, boolean);

-- An upvote from someone other than the author gives the author a point (the vote row remembers
-- whether it counted); downvotes never take points away.
create function cast_post_vote(post uuid, voter uuid, press boolean) returns text
language plpgsql as $$
declare
  author uuid;
  community uuid;
  created timestamptz;
  ups integer;
  is_deleted boolean;
  is_locked boolean;
  previous boolean;
  was_counted boolean;
  counts_for_author boolean;
  change record;
begin
  select p.user_id, p.community_id, p.created_at, p.upvotes, p.deleted_at is not null, p.locked_at is not null
    into author, community, created, ups, is_deleted, is_locked
    from posts p where p.id = post for update;
  if not found then return 'not_found'; end if;
  if is_banned_from(community, voter) then return 'banned'; end if;
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
  return case when change.next_up and voter <> author then 'upvoted' else 'voted' end;
end
$$;

create function cast_comment_vote(comment uuid, voter uuid, press boolean) returns text
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
    from comments cm join posts p on p.id = cm.post_id where cm.id = comment for update of cm;
  if not found then return 'not_found'; end if;
  if is_banned_from(community, voter) then return 'banned'; end if;
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
  return case when change.next_up and voter <> author then 'upvoted' else 'voted' end;
end
$$;
