import type { List } from '@quorum/shared/types';

export interface ListRow {
  id: string;
  userId: string;
  username: string;
  name: string;
  displayName: string;
  description: string | null;
  public: boolean;
  numItems: number;
  createdAt: Date;
  lastUpdatedAt: Date;
}

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
