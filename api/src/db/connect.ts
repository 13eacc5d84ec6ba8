import postgres from 'postgres';
import { startEmbeddedDatabase } from './embedded.ts';

export type Sql = postgres.Sql<Record<string, unknown>>;
export type Tx = postgres.TransactionSql<Record<string, unknown>>;
/** A handle queries run on: the pool or a transaction. */
export type Db = Sql | Tx;

export interface Database {
  sql: Sql;
  /** True when running on the embedded PGlite database. */
  embedded: boolean;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A Postgres URL; without one the embedded database in `dataDir` is used. */
  url?: string;
  dataDir: string;
  /** Pool size for a real Postgres server. */
  poolMax?: number;
}

/** Called with every statement sent (benchmarks use it to explain what a request ran). */
export type StatementListener = (query: string, parameters: unknown[]) => void;

export function createSql(url: string, max: number, onStatement?: StatementListener): Sql {
  return postgres(url, {
    max,
    ...(onStatement && { debug: (_connection: number, query: string, parameters: unknown[]) => onStatement(query, parameters) }),
    transform: postgres.camel,
    onnotice: () => {},
    connection: { application_name: 'quorum' },
    types: {
      // Counts and sums come back as bigint; they fit in a JS number here.
      bigint: { to: 20, from: [20], serialize: (value: number) => String(value), parse: (value: string) => Number(value) },
    },
  }) as unknown as Sql;
}

/** Connects to Postgres, starting the embedded database when no URL is given. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const sql = createSql(options.url, options.poolMax ?? 10);
    return { sql, embedded: false, close: () => sql.end({ timeout: 5 }) };
  }
  const embedded = await startEmbeddedDatabase(options.dataDir);
  // One connection: the embedded server serves a single session (see ARCHITECTURE decision 4).
  const sql = createSql(embedded.url, 1);
  return {
    sql,
    embedded: true,
    close: async () => {
      await sql.end({ timeout: 5 });
      await embedded.stop();
    },
  };
}
