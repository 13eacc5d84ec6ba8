import type { CommunityRequest } from '@quorum/shared/entities/community-requests';

export interface CommunityRequestRow {
  id: string;
  createdAt: Date;
  byUser: string | null;
  communityName: string;
  note: string | null;
  communityExists: boolean;
  deniedAt: Date | null;
  deniedBy: string | null;
  deniedNote: string | null;
}

export function presentCommunityRequest(row: CommunityRequestRow): CommunityRequest {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    byUser: row.byUser,
    communityName: row.communityName,
    note: row.note,
    communityExists: row.communityExists,
    deniedAt: row.deniedAt?.toISOString() ?? null,
    deniedBy: row.deniedBy,
    deniedNote: row.deniedNote,
  };
}
