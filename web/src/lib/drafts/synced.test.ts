import 'fake-indexeddb/auto';
import type { Drafts } from '@quorum/shared/entities/drafts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteDraftSavedBy, readDraft, saveDraft, type Draft } from './drafts-db.ts';
import { listSyncedDrafts, readSyncedDraft } from './synced.ts';

/** What the test server answers to GET /api/drafts; null: it cannot be reached. */
const server = vi.hoisted(() => {
  const state: { answer: unknown } = { answer: null };
  // The app's API client keeps the fetch it finds when its module loads, and reads the
  // anti-forgery cookie from the document.
  globalThis.fetch = (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (state.answer === null || !url.startsWith('/api/drafts')) return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(new Response(JSON.stringify(state.answer), { headers: { 'Content-Type': 'application/json' } }));
  };
  Object.assign(globalThis, { document: { cookie: '' } });
  return state;
});

const KEY = 'comment:0190a0a0-0000-7000-8000-000000000001';
const OTHER = 'reply:0190a0a0-0000-7000-8000-000000000002';
let userId = '';
let users = 0;

const local = (key: string, updatedAt: number, value = 'Words on this device'): Draft => ({
  key,
  userId,
  label: 'Comment on “A post”',
  href: '/c/post/abc',
  value,
  updatedAt,
});

function serverHas(answer: Drafts | null) {
  server.answer = answer;
}

beforeEach(() => {
  // Each test is another member, so that no read of the server's list carries over.
  userId = `user-${++users}`;
  serverHas({ drafts: [], deleted: [] });
});

describe('drafts deleted on another device', () => {
  it('are dropped from this device when its copy was saved before the deletion, and fill no form', async () => {
    await saveDraft(local(KEY, 100));
    serverHas({ drafts: [], deleted: [{ key: KEY, seq: 200 }] });
    expect(await readSyncedDraft(userId, KEY)).toBeUndefined();
    expect(await readDraft(userId, KEY)).toBeUndefined();
  });

  it('are dropped too when the copy was saved at the very seq of the deletion', async () => {
    await saveDraft(local(KEY, 200));
    serverHas({ drafts: [], deleted: [{ key: KEY, seq: 200 }] });
    expect(await readSyncedDraft(userId, KEY)).toBeUndefined();
    expect(await readDraft(userId, KEY)).toBeUndefined();
  });

  it('stay when written again on this device after the deletion', async () => {
    await saveDraft(local(KEY, 300, 'Written again'));
    serverHas({ drafts: [], deleted: [{ key: KEY, seq: 200 }] });
    expect(await readSyncedDraft(userId, KEY)).toMatchObject({ key: KEY, value: 'Written again', updatedAt: 300 });
    expect(await readDraft(userId, KEY)).toMatchObject({ updatedAt: 300 });
  });

  it('stay on this device while the server cannot be reached', async () => {
    await saveDraft(local(KEY, 100));
    serverHas(null);
    expect(await readSyncedDraft(userId, KEY)).toMatchObject({ key: KEY, updatedAt: 100 });
  });

  it('are left out of the list of drafts and dropped, the others listed newest first', async () => {
    await saveDraft(local(KEY, 100));
    await saveDraft(local(OTHER, 150, 'A reply'));
    const fromServer = { key: 'post:new', value: { title: 'Basil' }, label: 'New post', href: '/new', seq: 400, updatedAt: new Date(400).toISOString() };
    serverHas({ drafts: [fromServer], deleted: [{ key: KEY, seq: 200 }] });
    const list = await listSyncedDrafts(userId);
    expect(list.map((draft) => [draft.key, draft.updatedAt])).toEqual([
      ['post:new', 400],
      [OTHER, 150],
    ]);
    expect(await readDraft(userId, KEY)).toBeUndefined();
    expect(await readDraft(userId, OTHER)).toBeDefined();
  });

  it('never take away a copy written again while the server was being asked', async () => {
    await saveDraft(local(KEY, 500, 'Typed meanwhile'));
    expect(await deleteDraftSavedBy(userId, KEY, 200)).toBe(false);
    expect(await readDraft(userId, KEY)).toMatchObject({ value: 'Typed meanwhile' });
    expect(await deleteDraftSavedBy(userId, KEY, 500)).toBe(true);
    expect(await readDraft(userId, KEY)).toBeUndefined();
  });
});
