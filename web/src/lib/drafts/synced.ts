// Drafts follow the member to their other devices: each one kept on the device is saved to the
// server too (best effort: offline, the device's copy is enough), and the newer of the two copies
// wins, by the time of its last save (`updatedAt` here, `seq` on the server). A draft sent or
// thrown away on one device is remembered by the server as deleted at a `seq`: a copy on another
// device saved no later than that is dropped there instead of filling a form again.
import type { Draft as ServerDraft } from '@quorum/shared/entities/drafts';
import { api } from '../api-client.ts';
import { deleteDraft, deleteDraftSavedBy, listDrafts, readDraft, saveDraft, type Draft } from './drafts-db.ts';

/** How long reading drafts waits for the server before the device's copies are used alone. */
const SERVER_WAIT_MS = 3000;
/** How long one read of the server's drafts serves the forms that open after it. */
const SERVER_LIST_REUSE_MS = 10_000;

interface ServerList {
  drafts: Draft[];
  /** The `seq` at which each deleted draft was deleted, by key. */
  deleted: Map<string, number>;
}

const UNREACHABLE: ServerList = { drafts: [], deleted: new Map() };

let serverList: { userId: string; at: number; list: Promise<ServerList> } | null = null;

/** The member's drafts on the server, read at most once per SERVER_LIST_REUSE_MS (none when it cannot be reached). */
function serverDrafts(userId: string): Promise<ServerList> {
  if (serverList?.userId !== userId || Date.now() - serverList.at > SERVER_LIST_REUSE_MS) {
    const list = api.getDrafts(AbortSignal.timeout(SERVER_WAIT_MS)).then(
      (answer): ServerList => ({
        drafts: answer.drafts.map((draft) => fromServer(userId, draft)),
        deleted: new Map(answer.deleted.map((gone) => [gone.key, gone.seq])),
      }),
      () => UNREACHABLE,
    );
    serverList = { userId, at: Date.now(), list };
  }
  return serverList.list;
}

function fromServer(userId: string, draft: ServerDraft): Draft {
  return { key: draft.key, label: draft.label, href: draft.href, userId, value: draft.value, updatedAt: draft.seq };
}

/** The device's copy of a draft unless it was deleted elsewhere since it was saved; such a copy is dropped from the device. */
async function stillWanted<T>(local: Draft<T>, deleted: Map<string, number>): Promise<Draft<T> | undefined> {
  const deletedAt = deleted.get(local.key);
  if (deletedAt === undefined || local.updatedAt > deletedAt) return local;
  await deleteDraftSavedBy(local.userId, local.key, deletedAt).catch(() => false);
  return undefined;
}

function newer(local: Draft | undefined, server: Draft | undefined): Draft | undefined {
  if (!local) return server;
  if (!server) return local;
  return server.updatedAt > local.updatedAt ? server : local;
}

/** The newest copy of a draft, the device's or the server's; a newer one from the server is kept on the device too. */
export async function readSyncedDraft<T>(userId: string, key: string): Promise<Draft<T> | undefined> {
  const [stored, server] = await Promise.all([readDraft<T>(userId, key).catch(() => undefined), serverDrafts(userId)]);
  const local = stored && (await stillWanted(stored, server.deleted));
  const remote = server.drafts.find((draft) => draft.key === key);
  const chosen = newer(local, remote);
  if (chosen && chosen === remote) await saveDraft(chosen).catch(() => {});
  return chosen as Draft<T> | undefined;
}

/** Keeps a draft on the device, then on the server. */
export async function writeSyncedDraft(draft: Draft): Promise<void> {
  serverList = null;
  await saveDraft(draft).catch(() => {});
  await api.saveDraft(draft.key, { value: draft.value, label: draft.label, href: draft.href, seq: draft.updatedAt }).catch(() => {
    // Offline or refused: the device's copy stays, and the next save tries again.
  });
}

/** Drops a draft from the device and from the server (unless saved again elsewhere since). */
export async function dropSyncedDraft(userId: string, key: string): Promise<void> {
  serverList = null;
  await deleteDraft(userId, key).catch(() => {});
  await api.deleteDraft(key, Date.now()).catch(() => {});
}

/** The member's drafts from the device and the server, the newest copy of each, the latest first. */
export async function listSyncedDrafts(userId: string): Promise<Draft[]> {
  serverList = null;
  const [stored, server] = await Promise.all([listDrafts(userId).catch(() => []), serverDrafts(userId)]);
  const local = (await Promise.all(stored.map((draft) => stillWanted(draft, server.deleted)))).filter((draft) => draft !== undefined);
  const byKey = new Map<string, Draft>();
  for (const draft of [...local, ...server.drafts]) {
    const chosen = newer(byKey.get(draft.key), draft);
    if (chosen) byKey.set(draft.key, chosen);
  }
  return [...byKey.values()].sort((a, b) => b.updatedAt - a.updatedAt);
}
