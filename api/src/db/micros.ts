// Times in page cursors are microseconds since the epoch, exactly as Postgres stores them: a
// JavaScript Date keeps milliseconds only, and a rounded time could skip rows on the next page.
import type { Db } from './connect.ts';

/** The time `column` (a timestamptz) as microseconds since the epoch, a bigint. */
export function epochMicros(db: Db, column: ReturnType<Db>) {
  return db`(extract(epoch from ${column}) * 1000000)::bigint`;
}

/** The timestamptz `micros` microseconds after the epoch. */
export function fromEpochMicros(db: Db, micros: number) {
  return db`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;
}
