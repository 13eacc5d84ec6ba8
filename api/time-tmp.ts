import { createSql } from './src/db/connect.ts';
import { search } from './src/search/search.ts';
const sql = createSql(process.argv[2]!, 2);
const qs = process.argv.slice(3);
for (let round = 0; round < 3; round++) {
  for (const q of qs) {
    const t = performance.now();
    const page = await search(sql, { q } as never, null, { timeoutMs: 3000 });
    if (round === 2) console.log(`${q}: ${page.items.length} items ${(performance.now() - t).toFixed(1)} ms`);
  }
}
await sql.end();
