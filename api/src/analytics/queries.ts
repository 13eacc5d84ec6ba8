import { createHash } from 'node:crypto';
import type { Db } from '../db/connect.ts';

/** The unique key of an event: a hash of its parts, so that the row names nobody. */
export function eventKey(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}

export async function insertEvent(db: Db, name: string, uniqueKey: string, payload: Record<string, unknown>): Promise<void> {
  await db`
    insert into analytics_events (name, unique_key, payload)
    values (${name}, ${uniqueKey}, ${db.json(payload as never)})
    on conflict on constraint analytics_events_unique_key do nothing`;
}

/** Records an event at most once a day for one visitor (the user, or a visitor's address). */
export async function recordDailyEvent(db: Db, name: string, who: string, payload: Record<string, unknown>): Promise<void> {
  await insertEvent(db, name, eventKey(name, new Date().toISOString().slice(0, 10), who), payload);
}
