/**
 * One writer per entity (`writePost`, `writeComment`, `writeCommunity`, `writeUser`, `writeList`,
 * each in its `<entity>-cache.ts`) keeps every cached copy of it in step. An entity is cached in
 * many places at once: a post in each feed, on its own page, in lists and profiles; a community on
 * its page, in the lists and inside every post of it. Rather than knowing each query key, a writer
 * walks the data of every cached query and replaces each copy it finds, so a query added later by
 * any feature is kept in step without changes here. Every write of an entity goes through its
 * writer; to make a whole kind of data refetch, invalidate its key root (`['posts']`, …).
 */
import type { QueryClient } from '@tanstack/react-query';

type Guard<T> = (value: object) => value is T & object;

/**
 * What a writer is given: the server's answer for the entity, merged into every cached copy, or
 * the entity's id and a change made to every copy in place (an optimistic one, a patch).
 */
export type EntityWrite<T> = [answer: T] | [id: string, update: (cached: T) => T];

/** The id and the change a write makes to each copy; `merge` puts an answer over a cached copy. */
export function resolveWrite<T extends { id: string }>(write: EntityWrite<T>, merge: (cached: T, answer: T) => T): [string, (cached: T) => T] {
  if (write.length === 2) return write;
  const [answer] = write;
  return [answer.id, (cached) => merge(cached, answer)];
}

/**
 * The value with every object that `is` an entity with this `id` passed through `update`, at any
 * depth. Unchanged parts keep their identity, so screens that did not change do not render again.
 */
export function mapEntity<T>(value: unknown, is: Guard<T>, id: string, update: (entity: T) => T): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((item) => {
      const mapped = mapEntity(item, is, id, update);
      if (mapped !== item) changed = true;
      return mapped;
    });
    return changed ? next : value;
  }
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  let current = value as Record<string, unknown>;
  let changed = false;
  for (const [key, child] of Object.entries(current)) {
    const mapped = mapEntity(child, is, id, update);
    if (mapped !== child) {
      if (!changed) current = { ...current };
      changed = true;
      current[key] = mapped;
    }
  }
  if (is(current) && (current as { id?: unknown }).id === id) return update(current as T);
  return current;
}

/** Writes `update` over every cached copy of the entity in every query. */
export function writeEntity<T>(client: QueryClient, is: Guard<T>, id: string, update: (entity: T) => T): void {
  for (const query of client.getQueryCache().getAll()) {
    const data = query.state.data;
    if (data === undefined) continue;
    const next = mapEntity(data, is, id, update);
    if (next !== data) client.setQueryData(query.queryKey, next, { updatedAt: query.state.dataUpdatedAt });
  }
}
