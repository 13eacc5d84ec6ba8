import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './schema.ts';

/** One of the member's live sessions: a browser or app where they are logged in. */
export const Session = Type.Object({
  /** The session's public id (never the cookie, nor its hash). */
  id: Type.String(),
  /** The browser and system, read from the user agent: "Chrome on Android", "Unknown device". */
  device: Type.String(),
  /** The user agent as the browser sent it at login, or null when it sent none. */
  userAgent: Nullable(Type.String()),
  /** When the member logged in there. */
  createdAt: Type.String(),
  /** The last request made with it (stamped every few minutes at most). */
  lastSeenAt: Type.String(),
  /** True for the session that made this request. */
  current: Type.Boolean(),
});
export type Session = Static<typeof Session>;

/** GET /api/sessions: the current session first, then the others, the most recently used first. */
export const Sessions = Type.Array(Session);
export type Sessions = Static<typeof Sessions>;

/** DELETE /api/sessions?others=true: how many other sessions were ended. */
export const SessionsEnded = Type.Object({ ended: Type.Integer() });
export type SessionsEnded = Static<typeof SessionsEnded>;
