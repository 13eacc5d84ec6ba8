import { createSql } from './src/db/connect.ts';
import { search } from './src/search/search.ts';
const captured: Array<{ query: string; parameters: unknown[] }> = [];
let on = false;
const sql = createSql(process.argv[2]!, 2, (query, parameters) => { if (on) captured.push({ query, parameters }); });
const explainer = createSql(process.argv[2]!, 1);
for (const q of process.argv.slice(3)) {
  captured.length = 0; on = true;
  const t = performance.now();
  const page = await search(sql, { q } as never, null, { timeoutMs: 3000 });
  const ms = performance.now() - t;
  on = false;
  console.log(`== ${q}: ${page.items.length} items, ${ms.toFixed(1)} ms, ${captured.length} statements`);
  for (const st of captured) {
    if (!/^\s*(with|select)/i.test(st.query)) continue;
    const rows = await explainer.unsafe(`explain (analyze, format text) ${st.query}`, st.parameters as never[]);
    const lines = rows.map((r) => Object.values(r)[0] as string);
    console.log('  ' + lines.filter((l) => /Execution Time|Planning Time/.test(l)).join(' | ').trim(), st.parameters.filter((p) => typeof p === 'string' && /^[0-9a-f]{8}-/.test(p as string)).join(' '));
    if (process.env.PLAN) console.log(lines.join('\n'));
  }
}
await sql.end(); await explainer.end();
