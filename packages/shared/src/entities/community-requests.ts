import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './schema.ts';

export const CommunityRequest = Type.Object({
  id: Type.String(),
  createdAt: Type.String(),
  /** Username of the requester; null when that account is gone. */
  byUser: Nullable(Type.String()),
  communityName: Type.String(),
  note: Nullable(Type.String()),
  /** Whether a community by that name exists now. */
  communityExists: Type.Boolean(),
  deniedAt: Nullable(Type.String()),
  /** Username of the admin who denied it. */
  deniedBy: Nullable(Type.String()),
  deniedNote: Nullable(Type.String()),
});
export type CommunityRequest = Static<typeof CommunityRequest>;

export const CommunityRequests = Type.Array(CommunityRequest);

/**
 * A page of community requests, newest first, as the client reads it: GET /api/community_requests
 * answers the bare array, and the next page's cursor comes from its `Link` header.
 */
export interface CommunityRequestsPage {
  requests: CommunityRequest[];
  next: string | null;
}
