import type { Db as IDatabase } from 'pg-boss';
import { rawReader, type Sql } from '../db/connect.ts';

export interface BossDatabase extends IDatabase {
  close(): Promise<void>;
}

/**
 * pg-boss's database adapter over our postgres.js client, so the queue can share the app's
 * connection (the embedded database serves a single one). Each call runs on a connection of its
 * own. Statements with parameters use the extended protocol. pg-boss's parameterless blocks may
 * hold several statements (schema changes, locked sections): they go through the simple protocol,
 * the rows of every statement are returned, and a failure rolls back so that no aborted
 * transaction is left on the connection.
 */
export function bossDatabase(sql: Sql): BossDatabase {
  const reader = rawReader(sql);
  return {
    executeSql(text, values) {
      return reader.run(async (connection) => {
        if (values && values.length > 0) return { rows: [...(await connection.unsafe(text, values as never[]))] };
        try {
          const result: unknown = await connection.unsafe(text).simple();
          return { rows: rowsOfEveryStatement(result) };
        } catch (error) {
          await connection.unsafe('rollback').catch(() => {});
          throw error;
        }
      });
    },
    close: () => reader.close(),
  };
}

/** A multi-statement answer is one result per statement; a single statement's is its rows. */
function rowsOfEveryStatement(result: unknown): unknown[] {
  if (!Array.isArray(result)) return [];
  if (result.length > 0 && result.every((item) => Array.isArray(item))) return result.flat();
  return [...result];
}
