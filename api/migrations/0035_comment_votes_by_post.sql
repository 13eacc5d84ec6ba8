-- A member's votes on the comments of one post, found by the post: a post page reads them without
-- sending the id of every comment it shows. A vote's post is its comment's, filled in as the vote
-- is added (by the trigger when the insert does not say it).
alter table comment_votes add column post_id uuid;
update comment_votes v set post_id = c.post_id from comments c where c.id = v.comment_id;
create index comment_votes_user_post_idx on comment_votes (user_id, post_id);

create function comment_vote_post() returns trigger language plpgsql as $$
begin
  if new.post_id is null then
    select c.post_id into new.post_id from comments c where c.id = new.comment_id;
  end if;
  return new;
end
$$;
create trigger comment_votes_post before insert on comment_votes for each row execute function comment_vote_post();
