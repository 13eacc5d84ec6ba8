import postgres from 'postgres';
import { startEmbeddedDatabase } from './embedded.ts';

export type Sql = postgres.Sql<Record<string, unknown>>;
export type Tx = postgres.TransactionSql<Record<string, unknown>>;
/** A handle queries run on: the pool or a transaction. */
export type Db = Sql | Tx;

export interface Database {
  /** The primary: every write, and the reads that are not sent to a replica. */
  sql: Sql;
  /** Pools of the read replicas (see read-routing.ts); empty without any. */
  replicas: Sql[];
  /** True when running on the embedded PGlite database. */
  embedded: boolean;
  /** Calls `listener` if the embedded database process dies; a Postgres server is never reported lost. */
  onLost(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A Postgres URL; without one the embedded database in `dataDir` is used. */
  url?: string;
  dataDir: string;
  /** Pool size for a real Postgres server, and for each replica. */
  poolMax?: number;
  /** Postgres URLs of read replicas of `url`. */
  replicaUrls?: string[];
  /** Ends any statement on a Postgres server that runs longer, in milliseconds; unset or 0 for no limit. */
  statementTimeoutMs?: number;
}

/** Called with every statement sent (benchmarks use it to explain what a request ran). */
export type StatementListener = (query: string, parameters: unknown[]) => void;

/**
 * Column names come back in camelCase, except on a raw reader (see `rawReader`): the
 * job queue's own SQL expects the names as the database spells them. JSON values are left as
 * they are: the statements build their objects with camelCase keys and the app stores its JSON
 * that way, so rewriting every key of every JSON value on each read would only cost time.
 */
const rawReads = new WeakMap<object, { on: boolean }>();

function camelUnlessRaw(state: { on: boolean }): postgres.Options<Record<string, never>>['transform'] {
  return { column: { from: (name: string) => (state.on ? name : postgres.toCamel(name)), to: postgres.fromCamel } };
}

const clientOptions = {
  onnotice: () => {},
  // The app's statements are short and index-driven: JIT compilation only adds planning time when
  // a row estimate crosses its threshold.
  connection: { application_name: 'quorum', jit: 'off' },
  types: {
    // Counts and sums come back as bigint; they fit in a JS number here.
    bigint: { to: 20, from: [20], serialize: (value: number) => String(value), parse: (value: string) => Number(value) },
  },
};

export function createSql(url: string, max: number, onStatement?: StatementListener, statementTimeoutMs = 0): Sql {
  const state = { on: false };
  const sql = postgres(url, {
    ...clientOptions,
    connection: { ...clientOptions.connection, ...(statementTimeoutMs > 0 && { statement_timeout: statementTimeoutMs }) },
    transform: camelUnlessRaw(state),
    max,
    ...(onStatement && { debug: (_connection: number, query: string, parameters: unknown[]) => onStatement(query, parameters) }),
  }) as unknown as Sql;
  rawReads.set(sql, state);
  return sql;
}

/**
 * Runs `work` on a connection of its own whose rows keep the database's own names. On a
 * single-connection client (the embedded database) that connection is reserved, and reads raw
 * only once the queries sent on it before have been answered; a pool gets a small client of its
 * own, without the camelCase transform, closed by `close`.
 */
export function rawReader(sql: Sql): { run<T>(work: (raw: Sql) => Promise<T>): Promise<T>; close(): Promise<void> } {
  const state = rawReads.get(sql);
  if (sql.options.max === 1 && state) {
    return {
      async run(work) {
        const connection = await sql.reserve();
        try {
          // Answers come in order: once this one is back, no earlier query is still being read.
          await connection`select 1`;
          state.on = true;
          return await work(connection as unknown as Sql);
        } finally {
          state.on = false;
          connection.release();
        }
      },
      close: async () => {},
    };
  }
  const { host, port, path, database, user, pass, ssl } = sql.options;
  const raw = postgres({
    host: host[0], port: port[0], path, database, username: user, password: pass ?? undefined, ssl: ssl as boolean,
    max: 2, onnotice: () => {}, connection: { application_name: 'quorum-jobs' }, types: clientOptions.types,
  }) as unknown as Sql;
  return {
    async run(work) {
      const connection = await raw.reserve();
      try {
        return await work(connection as unknown as Sql);
      } finally {
        connection.release();
      }
    },
    close: () => raw.end({ timeout: 5 }),
  };
}

/**
 * The one connection to the embedded database, over its Unix socket (the database serves a single
 * session, see ARCHITECTURE decision 4). It is kept for the life of the process: postgres.js would
 * otherwise close it after 30 to 60 minutes and reconnect, leaving a moment for another process
 * to take the slot.
 */
export function createEmbeddedSql(socketPath: string, onStatement?: StatementListener): Sql {
  const state = { on: false };
  const sql = postgres({
    ...clientOptions,
    transform: camelUnlessRaw(state),
    path: socketPath,
    username: 'postgres',
    database: 'postgres',
    ssl: false,
    max: 1,
    max_lifetime: null,
    idle_timeout: 0,
    ...(onStatement && { debug: (_connection: number, query: string, parameters: unknown[]) => onStatement(query, parameters) }),
  }) as unknown as Sql;
  rawReads.set(sql, state);
  return sql;
}

// postgres.js's codes for a connection that went away, and Node's for one that could not be made.
const UNREACHABLE_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT',
  'ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

/**
 * Postgres's own: a connection exception (class 08), or the server ending the session (57P01
 * admin_shutdown, 57P02 crash_shutdown) or not taking it yet (57P03 cannot_connect_now).
 */
const UNREACHABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123])$/;

/** True when `error` says that the database could not be reached, rather than that a query failed. */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  if (typeof error.code === 'string' && (UNREACHABLE_CODES.has(error.code) || UNREACHABLE_SQLSTATE.test(error.code))) return true;
  return 'syscall' in error && error.syscall === 'connect';
}

/** True when a statement was ended by its `statement_timeout` (SQLSTATE 57014, query_canceled). */
export function isStatementTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '57014';
}

/** True for an error the database answered a statement with (any SQLSTATE). */
export function isDatabaseError(error: unknown): boolean {
  return error instanceof postgres.PostgresError;
}

/** Connects to Postgres, starting the embedded database when no URL is given. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const sql = createSql(options.url, options.poolMax ?? 10, undefined, options.statementTimeoutMs);
    const replicas = (options.replicaUrls ?? []).map((url) => createSql(url, options.poolMax ?? 10, undefined, options.statementTimeoutMs));
    return {
      sql,
      replicas,
      embedded: false,
      onLost: () => {},
      close: async () => {
        await Promise.all([sql, ...replicas].map((pool) => pool.end({ timeout: 5 })));
      },
    };
  }
  const embedded = await startEmbeddedDatabase(options.dataDir);
  const sql = createEmbeddedSql(embedded.socketPath);
  let lost = false;
  embedded.onLost(() => {
    lost = true;
  });
  return {
    sql,
    replicas: [],
    embedded: true,
    onLost: (listener) => embedded.onLost(listener),
    close: async () => {
      // Queries cannot finish once the database process is gone: don't wait for them.
      await sql.end({ timeout: lost ? 0 : 5 });
      await embedded.stop();
    },
  };
}
