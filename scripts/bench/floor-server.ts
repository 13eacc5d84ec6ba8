// The floor the API is measured against: Fastify answering one 25-row SELECT of posts as JSON,
// on a pool like the API's. Nothing the API does per request can be cheaper than this.
import Fastify from 'fastify';
import { createSql } from '../../api/src/db/connect.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required.');
const sql = createSql(url, Number(process.env.DATABASE_POOL_MAX || 10));
const app = Fastify({ logger: false });

app.get('/floor', async () =>
  sql`
    select id, public_id, type, title, body, link_url, user_id, community_id, upvotes, downvotes, points,
      no_comments, created_at, last_activity_at
    from posts where deleted_at is null order by hotness desc, id desc limit 25`,
);

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => {
  void app.close().then(() => sql.end({ timeout: 2 })).then(() => process.exit(0));
});
