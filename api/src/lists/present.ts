import type { List } from '@quorum/shared/entities/lists';

/** A list as the database hands it out: the fields of the JSON, with times as dates. */
export type ListRow = Omit<List, 'createdAt' | 'lastUpdatedAt'> & { createdAt: Date; lastUpdatedAt: Date };

export function presentList(row: ListRow): List {
  return {
    id: row.id,
    userId: row.userId,
    username: row.username,
    name: row.name,
    displayName: row.displayName,
    description: row.description,
    public: row.public,
    numItems: row.numItems,
    createdAt: row.createdAt.toISOString(),
    lastUpdatedAt: row.lastUpdatedAt.toISOString(),
  };
}
