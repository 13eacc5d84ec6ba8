// Fills an empty database with a forum's worth of data for benchmarks and trying the site out:
// users, communities, memberships, posts, threaded comments and votes, with every counter, rank
// and point total as the API itself would have written them. Everything is made by set-based SQL
// from a numeric seed: the same seed and sizes give the same users, texts, threads and votes
// (times are relative to the moment of seeding). Popularity is skewed by a power law: a tenth of
// the communities get about 70% of the posts, a hundredth of the posts about half of the votes.
import type postgres from 'postgres';
import type { Sql } from '../db/connect.ts';
import { hotness } from '../posts/hotness.ts';
import { addSearchMonths } from '../search/jobs.ts';
import { hashPassword } from '../users/passwords.ts';
import { SEED_WORDS } from './words.ts';

export interface SeedSizes {
  users: number;
  communities: number;
  posts: number;
  comments: number;
  /** Post and comment votes together, besides each author's own upvote. */
  votes: number;
}

export const SEED_PRESETS: Record<'small' | 'large', SeedSizes> = {
  small: { users: 1_000, communities: 50, posts: 10_000, comments: 50_000, votes: 100_000 },
  large: { users: 100_000, communities: 1_000, posts: 1_000_000, comments: 3_000_000, votes: 10_000_000 },
};

/** Every seeded account's password. */
export const SEED_PASSWORD = 'password';
/** The seeded account that benchmarks log in as: a member of the 20 busiest communities. */
export const SEED_MEMBER = 'user_0000002';
/** The seeded admin. */
export const SEED_ADMIN = 'user_0000001';
/** Comment counts of the two threads made for thread benchmarks (on the two newest posts, when there are enough comments). */
export const SEED_BIG_THREADS = [2_000, 500] as const;

const COMMENT_ROUNDS = [0.4, 0.2, 0.15, 0.1, 0.08, 0.07];
const POST_VOTE_SHARE = 0.7;
/**
 * How skewed each popularity is (see pick): 1% of posts get about half of the post votes; the
 * first tenth of communities gets over half of the posts; a post's comments and a comment's votes
 * are spread more evenly, so that no one thread holds a large share of the site.
 */
const SKEW = { communities: 4, authors: 4, commentedPosts: 2.5, votedPosts: 6.5, votedComments: 4 };
const UP_SHARE = 0.85;
const LINK_SHARE = 0.15;
const MEMBER_JOINS = 20;
const PHRASES = 100_000;

export interface SeedOptions extends SeedSizes {
  seed: number;
  /** Called after each step with its name, the steps done and the total. */
  progress?: (step: string, done: number, total: number) => void;
}

export interface SeedReport {
  seconds: number;
  rows: Record<string, number>;
}

/**
 * Session-local helpers, inlined by the planner: `rnd(n, stream)` is a uniform number in [0, 1)
 * fixed by the seed, the stream (one per use) and n, whatever order rows are made in;
 * `pick(n, u, skew)` maps such a number to 1..n with low numbers more likely, the more so the larger
 * the skew (the first tenth gets a share of 0.1^(1/skew)); `tuuid(time, n,
 * stream)` is a UUID version 7 of that time whose random part is fixed the same way. Texts are
 * made of phrases from `seed_phrases`, joined by numbers from `rnd`.
 */
async function defineHelpers(db: Sql, seed: number) {
  await db.unsafe(`
    create function pg_temp.rnd(n bigint, stream int) returns float8 language sql immutable as
    $$ select (hashint8extended(n, ${seed} * 1000 + stream) & 4503599627370495)::float8 / 4503599627370496.0 $$`);
  await db`
    create function pg_temp.pick(n bigint, u float8, skew float8) returns bigint language sql immutable as
    $$ select least(n, 1 + floor(n * power(u, skew)))::bigint $$`;
  await db.unsafe(`
    create function pg_temp.tuuid(at timestamptz, n bigint, stream int) returns uuid language sql immutable as
    $$ select (lpad(to_hex((extract(epoch from at) * 1000)::bigint), 12, '0') || '7'
         || lpad(to_hex(hashint8extended(n, ${seed} * 1000 + stream) & 4095), 3, '0') || '8'
         || lpad(to_hex(hashint8extended(n, ${seed} * 1000 + 500 + stream) & 1152921504606846975), 15, '0'))::uuid $$`);
  await db`create temporary table seed_phrases (id int primary key, phrase text not null)`;
  const phrases = makePhrases(seed, PHRASES);
  await db`insert into seed_phrases (id, phrase) select * from unnest(${phrases.map((_, i) => i + 1)}::int[], ${phrases}::text[])`;
  await db`analyze seed_phrases`;
}

/** Phrases of two to six words picked with a power law from the word list, the same for the same seed. */
function makePhrases(seed: number, count: number): string[] {
  let state = seed >>> 0 || 1;
  const next = () => {
    // xorshift32: small, fast and repeatable.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const word = () => SEED_WORDS[Math.min(SEED_WORDS.length - 1, Math.floor(SEED_WORDS.length * next() ** 3))] ?? 'the';
  return Array.from({ length: count }, () => Array.from({ length: 2 + Math.floor(next() * 5) }, word).join(' '));
}

/** A piece of SQL put into a statement. */
type Fragment = postgres.PendingQuery<postgres.Row[]>;

interface Step {
  name: string;
  run: () => Promise<unknown>;
}

/** Seeds `sql`, which must hold a migrated database without users. */
export async function seedDatabase(sql: Sql, options: SeedOptions): Promise<SeedReport> {
  const started = Date.now();
  const db = await sql.reserve();
  try {
    const [{ n: existing } = { n: 0 }] = await db<{ n: number }[]>`select count(*)::int as n from users`;
    if (existing > 0) throw new Error(`The database already has ${existing} users; seed a fresh database.`);
    if (!Number.isSafeInteger(options.seed)) throw new Error('The seed must be a whole number.');
    await defineHelpers(db, options.seed);
    // The rows refer to each other correctly by construction; where the role may, foreign keys are
    // not checked row by row, which would triple the time taken. That turns every trigger off, so
    // the tables the triggers keep are filled by the last steps.
    const [role] = await db<{ superuser: boolean }[]>`select rolsuper as superuser from pg_roles where rolname = current_user`;
    const triggersOff = role?.superuser === true;
    if (triggersOff) await db`set session_replication_role = replica`;
    await db`set maintenance_work_mem = '128MB'`;
    // The words tables are split by month: every seeded month needs its table.
    await addSearchMonths(db, new Date(Date.now() - 366 * 24 * 3600 * 1000), new Date());
    const indexes = await dropSecondaryIndexes(db, BULK_TABLES);
    const steps = [
      ...makeSteps(db, options, await hashPassword(SEED_PASSWORD)),
      ...(triggersOff ? [triggerKeptTables(db)] : []),
      {
        name: 'indexes',
        run: async () => {
          for (const definition of indexes) await db.unsafe(definition);
        },
      },
      vacuumAndAnalyze(db),
    ];
    for (const [index, step] of steps.entries()) {
      await step.run();
      options.progress?.(step.name, index + 1, steps.length);
    }
    const rows: Record<string, number> = {};
    for (const table of ['users', 'communities', 'community_members', 'posts', 'comments', 'post_votes', 'comment_votes']) {
      const [row] = await db<{ n: number }[]>`select count(*)::int as n from ${db(table)}`;
      rows[table] = row?.n ?? 0;
    }
    return { seconds: (Date.now() - started) / 1000, rows };
  } finally {
    await db`reset session_replication_role`;
    await db`reset maintenance_work_mem`;
    db.release();
  }
}

function makeSteps(db: Sql, o: SeedOptions, passwordHash: string): Step[] {
  const now = new Date();
  // Creation times: users over the last 400 days, posts over the last 365, both in order of their number.
  const userTime = db`(${now}::timestamptz - interval '400 days' + (u.n::float8 / ${o.users}) * interval '399 days')`;
  const postTime = (n: Fragment) =>
    db`date_trunc('milliseconds', ${now}::timestamptz - interval '365 days' + ((${n})::float8 / ${o.posts}) * interval '365 days' - interval '1 minute')`;
  const userId = (n: Fragment) =>
    db`pg_temp.tuuid(${now}::timestamptz - interval '400 days' + ((${n})::float8 / ${o.users}) * interval '399 days', (${n}), 1)`;
  const communityId = (n: Fragment) => db`pg_temp.tuuid(${now}::timestamptz - interval '401 days' + (${n}) * interval '1 second', (${n}), 2)`;
  const postCommunity = (n: Fragment) => db`pg_temp.pick(${o.communities}, pg_temp.rnd(${n}, 4), ${SKEW.communities})`;
  const postAuthor = (n: Fragment) => db`pg_temp.pick(${o.users}, pg_temp.rnd(${n}, 5), ${SKEW.authors})`;
  // A phrase for the row numbered `key`: a join that the planner turns into one hash lookup a row.
  const phrase = (alias: string, key: Fragment, stream: number) =>
    db`join seed_phrases ${db(alias)} on ${db(alias)}.id = 1 + floor(pg_temp.rnd(${key}, ${stream}) * ${PHRASES})::int`;
  const postId = (n: Fragment) => db`pg_temp.tuuid(${postTime(n)}, (${n}), 3)`;
  // The big threads come out of the comment budget, when it is large enough to hold them ten times.
  const bigThreads = SEED_BIG_THREADS.reduce((a, b) => a + b, 0) * 10 <= o.comments ? SEED_BIG_THREADS : [];
  const commentTotal = o.comments - bigThreads.reduce((a, b) => a + b, 0);
  // The posts that hold the big threads get no other comments, so their sizes are exact.
  const regularPosts = Math.max(1, o.posts - bigThreads.length);
  const postVotes = Math.round(o.votes * POST_VOTE_SHARE);
  const commentVotes = o.votes - postVotes;

  return [
    {
      name: 'users',
      run: () => db`
        insert into users (id, username, password_hash, points, is_admin, created_at, last_seen)
        select ${userId(db`u.n`)}, 'user_' || lpad(u.n::text, 7, '0'), ${passwordHash}, 1, u.n = 1, ${userTime}, ${userTime}
        from generate_series(1, ${o.users}) as u(n)`,
    },
    {
      name: 'communities',
      run: async () => {
        await db`
          insert into communities (id, name, about, created_by, created_at)
          select ${communityId(db`c.n`)}, 'community_' || lpad(c.n::text, 4, '0'),
            initcap(concat_ws(' ', a1.phrase, a2.phrase, a3.phrase)) || '.',
            ${userId(db`((c.n * 7919) % ${o.users}) + 1`)},
            ${now}::timestamptz - interval '401 days' + c.n * interval '1 second'
          from generate_series(1, ${o.communities}) as c(n)
          ${phrase('a1', db`c.n`, 40)} ${phrase('a2', db`c.n`, 41)} ${phrase('a3', db`c.n`, 42)}`;
        await db`
          insert into community_mods (community_id, user_id, position, added_by)
          select c.id, c.created_by, 0, c.created_by from communities c`;
        // The ten busiest communities are the site's defaults.
        await db`
          insert into default_communities (community_id)
          select ${communityId(db`c.n`)} from generate_series(1, least(10, ${o.communities})) as c(n)`;
      },
    },
    {
      name: 'memberships',
      run: async () => {
        await db`
          insert into community_members (community_id, user_id)
          select distinct ${communityId(db`pg_temp.pick(${o.communities}, pg_temp.rnd(u.n * 16 + j, 1), ${SKEW.communities})`)}, ${userId(db`u.n`)}
          from generate_series(1, ${o.users}) as u(n)
          cross join lateral generate_series(1, 1 + floor(pg_temp.rnd(u.n, 6) * 8)::int) as j
          on conflict do nothing`;
        await db`insert into community_members (community_id, user_id) select community_id, user_id from community_mods on conflict do nothing`;
        await db`
          insert into community_members (community_id, user_id)
          select ${communityId(db`c.n`)}, ${userId(db`2`)} from generate_series(1, least(${MEMBER_JOINS}::int, ${o.communities}::int)) as c(n)
          on conflict do nothing`;
      },
    },
    {
      name: 'posts',
      run: () => db`
        insert into posts (id, public_id, type, title, body, link_url, link_hostname, user_id, community_id,
                           upvotes, points, created_at, last_activity_at)
        select ${postId(db`p.n`)}, lpad(to_hex(p.n), 8, '0'),
          case when link then 'link' else 'text' end,
          initcap(concat_ws(' ', t1.phrase, case when pg_temp.rnd(p.n, 7) < 0.6 then t2.phrase end)),
          case when link then null
            else initcap(concat_ws(' ', b1.phrase, b2.phrase, case when pg_temp.rnd(p.n, 8) < 0.7 then b3.phrase end,
              case when pg_temp.rnd(p.n, 8) < 0.4 then b4.phrase end)) || '.' end,
          case when link then 'https://example.com/articles/' || p.n end,
          case when link then 'example.com' end,
          ${userId(postAuthor(db`p.n`))}, ${communityId(postCommunity(db`p.n`))},
          1, 1, ${postTime(db`p.n`)}, ${postTime(db`p.n`)}
        from generate_series(1, ${o.posts}) as p(n)
        cross join lateral (select pg_temp.rnd(p.n, 9) < ${LINK_SHARE} as link) t
        ${phrase('t1', db`p.n`, 43)} ${phrase('t2', db`p.n`, 44)} ${phrase('b1', db`p.n`, 45)} ${phrase('b2', db`p.n`, 46)}
        ${phrase('b3', db`p.n`, 47)} ${phrase('b4', db`p.n`, 48)}`,
    },
    {
      name: 'comments',
      run: async () => {
        await db`
          create temporary table seed_comments (
            seq bigint primary key, id uuid not null, post_n bigint not null, parent_id uuid, depth int not null,
            ancestors uuid[] not null, user_n bigint not null, created_at timestamptz not null)`;
        let made = 0;
        for (const [round, share] of COMMENT_ROUNDS.entries()) {
          const count = Math.round(commentTotal * share);
          if (count === 0) continue;
          if (round === 0) {
            // Top-level comments, on posts picked by popularity, soon after the post.
            await db`
              insert into seed_comments (seq, id, post_n, parent_id, depth, ancestors, user_n, created_at)
              select c.seq, pg_temp.tuuid(c.at, c.seq, 4), c.post_n, null, 0, '{}', c.user_n, c.at
              from (
                select s.seq, x.post_n, pg_temp.pick(${o.users}, pg_temp.rnd(s.seq, 10), ${SKEW.authors}) as user_n,
                  least(${now}::timestamptz, ${postTime(db`x.post_n`)} + pg_temp.rnd(s.seq, 11) * interval '2 days') as at
                from generate_series(1, ${count}::bigint) as s(seq)
                cross join lateral (select ${regularPosts} + 1 - pg_temp.pick(${regularPosts}, pg_temp.rnd(s.seq, 12), ${SKEW.commentedPosts}) as post_n) x
              ) c`;
          } else {
            // Replies to comments made in earlier rounds, so threads grow a level a round.
            await db`
              insert into seed_comments (seq, id, post_n, parent_id, depth, ancestors, user_n, created_at)
              select c.seq, pg_temp.tuuid(c.at, c.seq, 4), p.post_n, p.id, p.depth + 1,
                p.ancestors || p.id, c.user_n, c.at
              from (
                select s.seq, 1 + floor(pg_temp.rnd(s.seq, 13) * ${made})::bigint as parent_seq,
                  pg_temp.pick(${o.users}, pg_temp.rnd(s.seq, 10), ${SKEW.authors}) as user_n,
                  pg_temp.rnd(s.seq, 11) as u
                from generate_series(${made + 1}::bigint, ${made + count}::bigint) as s(seq)
              ) c0
              join seed_comments p on p.seq = c0.parent_seq
              cross join lateral (select c0.seq, c0.user_n, least(${now}::timestamptz, p.created_at + c0.u * interval '1 day') as at) c`;
          }
          made += count;
        }
        await db`
          insert into comments (id, post_id, community_id, user_id, parent_id, depth, ancestors, body, upvotes, points, created_at)
          select c.id, ${postId(db`c.post_n`)}, ${communityId(postCommunity(db`c.post_n`))}, ${userId(db`c.user_n`)},
            c.parent_id, c.depth, c.ancestors,
            initcap(concat_ws(' ', m1.phrase, case when pg_temp.rnd(c.seq, 14) < 0.6 then m2.phrase end,
              case when pg_temp.rnd(c.seq, 14) < 0.3 then m3.phrase end)) || '.',
            1, 1, c.created_at
          from seed_comments c
          ${phrase('m1', db`c.seq`, 49)} ${phrase('m2', db`c.seq`, 50)} ${phrase('m3', db`c.seq`, 51)}`;
      },
    },
    {
      name: 'big threads',
      run: async () => {
        // Two threads for the thread benchmarks, each reaching the deepest level, on the newest posts.
        for (const [index, size] of bigThreads.entries()) {
          const postN = o.posts - index;
          if (postN < 1) continue;
          await db`
            with recursive tree as (
              select 1::bigint as k, pg_temp.tuuid(${postTime(db`${postN}`)} + interval '20 milliseconds', ${postN}::bigint * 100000 + 1, 5) as id,
                null::uuid as parent_id, 0 as depth, '{}'::uuid[] as ancestors
              union all
              select t.k + 1, pg_temp.tuuid(${postTime(db`${postN}`)} + (t.k + 1) * interval '20 milliseconds', ${postN}::bigint * 100000 + t.k + 1, 5),
                case when t.depth >= 15 or (t.k > 15 and pg_temp.rnd(${postN}::bigint * 100000 + t.k, 2) < 0.3) then null else t.id end,
                case when t.depth >= 15 or (t.k > 15 and pg_temp.rnd(${postN}::bigint * 100000 + t.k, 2) < 0.3) then 0 else t.depth + 1 end,
                case when t.depth >= 15 or (t.k > 15 and pg_temp.rnd(${postN}::bigint * 100000 + t.k, 2) < 0.3) then '{}'::uuid[] else t.ancestors || t.id end
              from tree t where t.k < ${size}
            )
            insert into comments (id, post_id, community_id, user_id, parent_id, depth, ancestors, body, upvotes, points, created_at)
            select t.id, ${postId(db`${postN}`)}, ${communityId(postCommunity(db`${postN}`))},
              ${userId(db`pg_temp.pick(${o.users}, pg_temp.rnd(${postN}::bigint * 100000 + t.k, 3), ${SKEW.authors})`)},
              t.parent_id, t.depth, t.ancestors,
              initcap(concat_ws(' ', m1.phrase, case when pg_temp.rnd(t.k, 15) < 0.6 then m2.phrase end)) || '.',
              1, 1, ${postTime(db`${postN}`)} + t.k * interval '20 milliseconds'
            from tree t
            ${phrase('m1', db`${postN}::bigint * 100000 + t.k`, 52)} ${phrase('m2', db`${postN}::bigint * 100000 + t.k`, 53)}`;
        }
      },
    },
    {
      name: 'post votes',
      run: async () => {
        // Every author upvotes their own post; that vote never moves their points.
        await db`insert into post_votes (post_id, user_id, up, counted) select id, user_id, true, false from posts`;
        await db`
          insert into post_votes (post_id, user_id, up, counted)
          select ${postId(db`v.post_n`)}, ${userId(db`v.user_n`)}, v.up, true
          from (
            select ${o.posts} + 1 - pg_temp.pick(${o.posts}, pg_temp.rnd(g, 16), ${SKEW.votedPosts}) as post_n,
              1 + floor(pg_temp.rnd(g, 17) * ${o.users})::bigint as user_n,
              pg_temp.rnd(g, 18) < ${UP_SHARE} as up
            from generate_series(1, ${postVotes}::bigint) g
          ) v
          where v.user_n <> ${postAuthor(db`v.post_n`)}
          on conflict do nothing`;
      },
    },
    {
      name: 'comment votes',
      run: async () => {
        await db`insert into comment_votes (comment_id, post_id, user_id, up, counted) select id, post_id, user_id, true, false from comments`;
        await db`
          insert into comment_votes (comment_id, post_id, user_id, up, counted)
          select c.id, ${postId(db`c.post_n`)}, ${userId(db`v.user_n`)}, v.up, true
          from (
            select pg_temp.pick(${commentTotal}, pg_temp.rnd(g, 19), ${SKEW.votedComments}) as seq,
              1 + floor(pg_temp.rnd(g, 20) * ${o.users})::bigint as user_n,
              pg_temp.rnd(g, 21) < ${UP_SHARE} as up
            from generate_series(1, ${commentTotal > 0 ? commentVotes : 0}::bigint) g
          ) v
          join seed_comments c on c.seq = v.seq
          where v.user_n <> c.user_n
          on conflict do nothing`;
      },
    },
    {
      name: 'post counters',
      run: async () => {
        await db`
          update posts p set upvotes = v.ups, downvotes = v.downs, points = v.ups - v.downs
          from (select post_id, count(*) filter (where up)::int as ups, count(*) filter (where not up)::int as downs
                from post_votes group by post_id) v
          where v.post_id = p.id`;
        await db`update posts set hotness = post_hotness(upvotes, created_at)`;
        await db`
          update posts p set no_comments = c.n, last_activity_at = greatest(p.created_at, c.latest)
          from (select post_id, count(*)::int as n, max(created_at) as latest from comments group by post_id) c
          where c.post_id = p.id`;
      },
    },
    {
      name: 'comment counters',
      run: async () => {
        await db`
          update comments c set upvotes = v.ups, downvotes = v.downs, points = v.ups - v.downs
          from (select comment_id, count(*) filter (where up)::int as ups, count(*) filter (where not up)::int as downs
                from comment_votes group by comment_id) v
          where v.comment_id = c.id and (c.upvotes, c.downvotes) <> (v.ups, v.downs)`;
        await db`
          update comments c set no_replies = r.n
          from (select a.id, count(*)::int as n from comments, unnest(ancestors) as a(id) group by a.id) r
          where r.id = c.id`;
        await db`
          update comments c set no_replies_direct = r.n
          from (select parent_id, count(*)::int as n from comments where parent_id is not null group by parent_id) r
          where r.parent_id = c.id`;
      },
    },
    {
      name: 'user and community counters',
      run: async () => {
        await db`
          update users u set no_posts = p.n from (select user_id, count(*)::int as n from posts group by user_id) p
          where p.user_id = u.id`;
        await db`
          update users u set no_comments = c.n from (select user_id, count(*)::int as n from comments group by user_id) c
          where c.user_id = u.id`;
        // A point for every counted upvote on the user's posts and comments, on top of the first one.
        await db`
          update users u set points = 1 + e.n
          from (
            select user_id, sum(n)::int as n from (
              select p.user_id, count(*) as n from post_votes v join posts p on p.id = v.post_id
              where v.up and v.counted group by p.user_id
              union all
              select c.user_id, count(*) from comment_votes v join comments c on c.id = v.comment_id
              where v.up and v.counted group by c.user_id
            ) x group by user_id
          ) e
          where e.user_id = u.id`;
        await db`
          update communities c set no_posts = p.n from (select community_id, count(*)::int as n from posts group by community_id) p
          where p.community_id = c.id`;
        await db`
          update communities c set no_members = m.n
          from (select community_id, count(*)::int as n from community_members group by community_id) m
          where m.community_id = c.id`;
      },
    },
  ];
}

/** The tables that take millions of rows, whose secondary indexes are built after them. */
export const BULK_TABLES = ['posts', 'comments', 'post_votes', 'comment_votes', 'post_search', 'comment_search'];

/**
 * Drops the indexes of `tables` that no constraint stands on and returns their definitions, to be
 * made again once the rows are in: building an index once is many times faster than adding
 * millions of rows to it one by one. Until then the tables have only their keys.
 */
async function dropSecondaryIndexes(db: Sql, tables: string[]): Promise<string[]> {
  const indexes = await db<{ name: string; definition: string }[]>`
    select i.indexname as name, i.indexdef as definition
    from pg_indexes i
    where i.schemaname = current_schema() and i.tablename = any(${tables})
      and not exists (select 1 from pg_constraint c where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`;
  for (const index of indexes) await db`drop index ${db(index.name)}`;
  // An index of a table split in parts is defined "on only" the whole table, which would leave the parts without theirs.
  return indexes.map((index) => index.definition.replace(' ON ONLY ', ' ON '));
}

/** What the triggers keep when rows are written one by one: the user count and the search words. */
function triggerKeptTables(db: Sql): Step {
  return {
    name: 'user count and search words',
    run: async () => {
      await db`update user_count set n = (select count(*) from users where deleted_at is null)`;
      await db`
        insert into post_search (post_id, user_id, community_id, shown, vector)
        select id, user_id, community_id, deleted_at is null and held_at is null, post_search_vector(title, body) from posts`;
      await db`
        insert into comment_search (comment_id, user_id, community_id, shown, vector)
        select cm.id, cm.user_id, cm.community_id, cm.deleted_at is null and cm.held_at is null and p.deleted_at is null and p.held_at is null,
          comment_search_vector(cm.body)
        from comments cm join posts p on p.id = cm.post_id`;
    },
  };
}

/**
 * Leaves the database as a site in use would be: the counter updates left a dead row for every
 * updated one, and without a vacuum no page is marked visible to all, so that index-only scans
 * would still read every row.
 */
function vacuumAndAnalyze(db: Sql): Step {
  return {
    name: 'vacuum and statistics',
    run: async () => {
      await db`drop table seed_comments`;
      await db`vacuum analyze`;
    },
  };
}

/**
 * Compares a sample of seeded posts with what the API's own code computes (the hot rank) and
 * checks that the counters add up; throws on the first difference.
 */
export async function checkSeededData(sql: Sql): Promise<void> {
  const sample = await sql<{ publicId: string; upvotes: number; createdAt: Date; hotness: number }[]>`
    select public_id, upvotes, created_at, hotness from posts order by md5(public_id) limit 500`;
  for (const post of sample) {
    const expected = hotness(post.upvotes, post.createdAt);
    if (Math.abs(expected - post.hotness) > 1) {
      throw new Error(`Post ${post.publicId}: hot rank ${post.hotness}, the API would write ${expected}.`);
    }
  }
  const [totals] = await sql<{ comments: number; counted: number; votes: number; votesCounted: number }[]>`
    select (select count(*) from comments)::int as comments,
      (select coalesce(sum(no_comments), 0) from posts)::int as counted,
      (select count(*) from post_votes)::int as votes,
      (select coalesce(sum(upvotes + downvotes), 0) from posts)::int as votes_counted`;
  if (!totals || totals.comments !== totals.counted) throw new Error('Post comment counts do not add up to the comments.');
  if (totals.votes !== totals.votesCounted) throw new Error('Post vote counts do not add up to the votes.');
}
