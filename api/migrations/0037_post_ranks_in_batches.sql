-- Post ranks (0036) set in batches that never wait for a vote. Setting every marked post in one
-- statement held each of their rows until the last was written, so that a vote on any of them
-- waited; under steady votes one call could take thousands. refresh_post_ranks now takes up to 100
-- marks and their posts that no vote holds (a post a vote holds keeps its mark for a later call,
-- as does a post a vote marks again meanwhile) and answers how many marks it took, 0 once none is
-- left; api/src/posts/ranks.ts calls it until then. (A batch size given as a parameter would be
-- planned without its value, and the plan then reads every post.)

-- A deleted post's mark goes with it.
delete from post_rank_changes c where not exists (select 1 from posts p where p.id = c.post_id);
alter table post_rank_changes
  add constraint post_rank_changes_post_id_fkey foreign key (post_id) references posts (id) on delete cascade;

create or replace function refresh_post_ranks() returns integer
language sql as $$
  with taken as (
    select c.post_id from post_rank_changes c join posts p on p.id = c.post_id
    limit 100
    for update of c, p skip locked),
  cleared as (delete from post_rank_changes c using taken where c.post_id = taken.post_id returning c.post_id),
  ranked as (
    update posts p set points = p.upvotes - p.downvotes, hotness = post_hotness(p.upvotes, p.created_at)
    from cleared
    where p.id = cleared.post_id
      and (p.points, p.hotness) is distinct from (p.upvotes - p.downvotes, post_hotness(p.upvotes, p.created_at))
    returning 1)
  select count(*)::int from cleared
$$;
