// What each workload's request runs in the database: the app is built in this process on a
// connection that reports every statement; each sample request is injected once, and every
// statement it sent is explained, flagging sequential scans of the large tables.
import { buildApp } from '../../api/src/app.ts';
import { loadConfig } from '../../api/src/config.ts';
import { createSql } from '../../api/src/db/connect.ts';
import type { Workload } from './workloads.ts';

/** Tables of at least this many rows (the planner's estimate) count as large. */
const LARGE_TABLE_ROWS = 10_000;
const EXPLAINABLE = /^\s*(select|insert|update|delete|with)\b/i;

export interface StatementReport {
  /** Statements one request sends (transaction control included). */
  statements: number;
  /** Sequential scans of large tables, as "table (statement n)". */
  seqScans: string[];
}

interface PlanNode {
  'Node Type'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function seqScansOf(node: PlanNode, large: Set<string>, found: Set<string>): Set<string> {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && large.has(node['Relation Name'])) found.add(node['Relation Name']);
  for (const child of node.Plans ?? []) seqScansOf(child, large, found);
  return found;
}

export async function explainWorkloads(databaseUrl: string, workloads: Workload[]): Promise<Map<string, StatementReport>> {
  let captured: Array<{ query: string; parameters: unknown[] }> = [];
  // Statements count while a sample request runs, one request at a time. So that the job queue's
  // statements do not count, the jobs the measured load left waiting are dropped before the app
  // starts (this is the benchmark's own database), and its workers look for work only once an hour.
  let capturing = false;
  const sql = createSql(databaseUrl, 2, (query, parameters) => {
    if (capturing) captured.push({ query, parameters });
  });
  const explainer = createSql(databaseUrl, 1);
  await explainer`delete from pgboss.job where state in ('created', 'retry')`;
  const app = await buildApp({ config: { ...loadConfig({}), rateLimit: false, webDist: undefined, databaseUrl, jobPollMs: 3_600_000 }, sql });
  const reports = new Map<string, StatementReport>();
  try {
    await app.ready();
    const large = new Set(
      (await explainer<{ name: string }[]>`
        select relname as name from pg_class
        where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples >= ${LARGE_TABLE_ROWS}`).map((row) => row.name),
    );
    for (const workload of workloads) {
      captured = [];
      const { method, path, body, headers } = workload.sample;
      capturing = true;
      try {
        await app.inject({ method, url: path, payload: body, headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) } });
      } finally {
        capturing = false;
      }
      const statements = captured;
      const seqScans: string[] = [];
      for (const [index, statement] of statements.entries()) {
        if (!EXPLAINABLE.test(statement.query)) continue;
        const [row] = await explainer.unsafe(`explain (format json) ${statement.query}`, statement.parameters as never[]);
        const plan = (Object.values(row ?? {})[0] as Array<{ Plan: PlanNode }> | undefined)?.[0]?.Plan;
        if (plan) seqScans.push(...[...seqScansOf(plan, large, new Set())].map((table) => `${table} (statement ${index + 1})`));
      }
      reports.set(workload.name, { statements: statements.length, seqScans });
    }
  } finally {
    await app.close();
    await sql.end({ timeout: 2 });
    await explainer.end({ timeout: 2 });
  }
  return reports;
}
