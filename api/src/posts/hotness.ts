// The "hot" rank: an absolute score that depends only on the creation time and the upvotes, so it
// changes only with votes and never needs a sweep over every post. Every 45,000 s (12.5 h) of recency
// is worth ten times the weighted upvotes. Downvotes do not lower the rank.
// The database computes the same rank once votes change it (post_hotness, migration 0012, set by
// the job of posts/ranks.ts); the vote and seed tests check that both agree.

/** Upvotes weigh more as a post gathers them: 1 each up to 3, then 3, 4, 5 and 6. */
export function weightedUpvotes(upvotes: number): number {
  let total = 0;
  for (let i = 1; i <= upvotes; i++) {
    if (i <= 3) total += 1;
    else if (i <= 10) total += 3;
    else if (i <= 20) total += 4;
    else if (i <= 40) total += 5;
    else total += 6;
  }
  return total;
}

/** The stored hot rank (an integer) of a post with `upvotes` created at `createdAt`. */
export function hotness(upvotes: number, createdAt: Date): number {
  const score = weightedUpvotes(upvotes);
  const order = Math.log10(Math.max(Math.abs(score), 1));
  const sign = score > 0 ? 1 : 0;
  return Math.round((order + (sign * createdAt.getTime()) / 1000 / 45_000) * 1e7);
}
