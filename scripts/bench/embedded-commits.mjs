// What durable commits cost the embedded database: single-row insert commits per second with
// each commit synced to the disk (as the server runs it) and without (PGlite's default, which a
// power loss can undo). Usage: node scripts/bench/embedded-commits.mjs [commits per run]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '../../api/node_modules/@electric-sql/pglite/dist/index.js';
import { openDurable } from '../../api/src/db/durable-fs.mjs';

const commits = Number(process.argv[2] || 500);
const modes = {
  synced: (dir) => openDurable(dir),
  unsynced: (dir) => PGlite.create({ dataDir: dir }),
};

async function commitsPerSecond(open) {
  const dir = mkdtempSync(join(tmpdir(), 'quorum-bench-'));
  const db = await open(join(dir, 'pg'));
  try {
    await db.exec('create table bench (id serial primary key, note text not null)');
    const start = performance.now();
    for (let i = 0; i < commits; i++) await db.query('insert into bench (note) values ($1)', [`note ${i}`]);
    return commits / ((performance.now() - start) / 1000);
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const rates = {};
for (const [name, open] of Object.entries(modes)) {
  rates[name] = await commitsPerSecond(open);
  console.log(`${name.padEnd(9)} ${rates[name].toFixed(0).padStart(6)} commits/s`);
}
console.log(`synced / unsynced: ${(rates.synced / rates.unsynced).toFixed(2)}`);
