import 'fake-indexeddb/auto';
import type { JoinCommunityWrite } from '@quorum/client/outbox/writes';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@quorum/shared/http-names';
import { sessionKeys } from '../session/keys.ts';
import { NO_OUTBOX_ENTRIES, applyOtherTabsWrites, discardWrite, flushOutbox, outboxSnapshot, registerWriteKind, submitWrite, takeSentByWorker } from './outbox.ts';
import { saveEntry } from '@quorum/client/outbox/store';

/** What the test server answers next: a status and error body, or 'network' for a failed fetch; 'ok' otherwise. */
type Answer = 'ok' | 'network' | { status: number; code?: string; message?: string };

/** What the test server answers next, and what it received. */
let answers: Answer[] = [];
let received: Array<{ text: string; key: string | undefined }> = [];

// The app's API client keeps the fetch it finds when it is made, so the test server is in place
// first; it reads the anti-forgery cookie of a document with none.
vi.hoisted(() => {
  Object.assign(globalThis, { document: { cookie: '' } });
  globalThis.fetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { communityId: string };
    const headers = init?.headers as Record<string, string>;
    received.push({ text: body.communityId, key: headers[IDEMPOTENCY_KEY_HEADER] });
    const answer = answers.shift() ?? 'ok';
    if (answer === 'network') throw new TypeError('Failed to fetch');
    if (answer === 'ok') return Response.json({ name: body.communityId });
    const error = answer.code ? { status: answer.status, code: answer.code, message: answer.message } : null;
    return new Response(error && JSON.stringify(error), { status: answer.status });
  };
});

function client(userId: string | null = 'u1'): QueryClient {
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionKeys.initial(), { user: userId ? { id: userId } : null });
  registerWriteKind<JoinCommunityWrite, { name: string }>(queryClient, 'join-community', {
    apply: (target, write, answer) => target.setQueryData(['notes', write.communityId], answer.name),
    describe: (write) => `Joining /${write.communityName}`,
  });
  return queryClient;
}

/** The browser's view of the network (the outbox sends nothing while it says offline). */
function setOnline(online: boolean) {
  vi.stubGlobal('navigator', { onLine: online });
}

/** A write named by its text (sent as a join of the community of that id). */
const note = (text: string): JoinCommunityWrite => ({ kind: 'join-community', communityId: text, communityName: text, join: true });

beforeEach(async () => {
  for (const entry of outboxSnapshot()) await discardWrite(entry.key);
  answers = [];
  received = [];
  setOnline(true);
});

describe('the outbox', () => {
  it('sends a write at once with its idempotency key and applies the answer', async () => {
    const queryClient = client();
    const result = await submitWrite<{ name: string }>(queryClient, note('a'));
    expect(result).toEqual({ sent: true, answer: { name: 'a' } });
    expect(received).toHaveLength(1);
    expect(received[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(queryClient.getQueryData(['notes', 'a'])).toBe('a');
    expect(outboxSnapshot()).toEqual([]);
  });

  it('keeps writes made offline and sends them later, oldest first, each once with its key', async () => {
    const queryClient = client();
    setOnline(false);
    expect(await submitWrite(queryClient, note('first'))).toEqual({ sent: false });
    expect(await submitWrite(queryClient, note('second'))).toEqual({ sent: false });
    expect(received).toEqual([]);
    const keys = outboxSnapshot().map((entry) => entry.key);

    setOnline(true);
    expect(await flushOutbox(queryClient)).toBe(2);
    expect(received).toEqual([{ text: 'first', key: keys[0] }, { text: 'second', key: keys[1] }]);
    // Emptied, it reads as the one empty list a page drawn on the server reads too.
    expect(outboxSnapshot()).toBe(NO_OUTBOX_ENTRIES);
    expect(await flushOutbox(queryClient)).toBe(0);
    expect(received).toHaveLength(2);
  });

  it('sends a fresh write once while a send of the waiting writes runs, whether it is taken or refused', async () => {
    const queryClient = client();
    const [taken, flushed] = await Promise.all([submitWrite<{ name: string }>(queryClient, note('now')), flushOutbox(queryClient)]);
    expect(taken).toEqual({ sent: true, answer: { name: 'now' } });
    expect(flushed).toBe(0);
    expect(received.map((item) => item.text)).toEqual(['now']);

    answers = [{ status: 403, code: 'post_locked', message: 'This post is locked.' }];
    const refused = Promise.all([submitWrite(queryClient, note('locked')), flushOutbox(queryClient)]);
    await expect(refused).rejects.toThrow('This post is locked.');
    expect(received.map((item) => item.text)).toEqual(['now', 'locked']);
    expect(outboxSnapshot()).toEqual([]);
  });

  it('keeps a write that failed on the network pending, and sends it again with the same key', async () => {
    const queryClient = client();
    answers = ['network'];
    expect(await submitWrite(queryClient, note('n'))).toEqual({ sent: false });
    expect(outboxSnapshot().map((entry) => entry.state)).toEqual(['pending']);
    await flushOutbox(queryClient);
    expect(received).toHaveLength(2);
    expect(received[1]?.key).toBe(received[0]?.key);
    expect(outboxSnapshot()).toEqual([]);
  });

  it('marks a write refused on a later send as failed with the reason, and sends the rest', async () => {
    const queryClient = client();
    setOnline(false);
    await submitWrite(queryClient, note('refused'));
    await submitWrite(queryClient, note('fine'));
    setOnline(true);
    answers = [{ status: 403, code: 'post_locked', message: 'This post is locked.' }];
    expect(await flushOutbox(queryClient)).toBe(1);
    expect(outboxSnapshot().map((entry) => [entry.state, entry.error])).toEqual([['failed', 'This post is locked.']]);
    expect(received.map((item) => item.text)).toEqual(['refused', 'fine']);
    await flushOutbox(queryClient);
    expect(received).toHaveLength(2);
  });

  it('throws a refusal of a fresh write back to its screen and forgets it', async () => {
    const queryClient = client();
    answers = [{ status: 400, code: 'invalid', message: 'Too short.' }];
    await expect(submitWrite(queryClient, note('x'))).rejects.toThrow('Too short.');
    expect(outboxSnapshot()).toEqual([]);
  });

  it('keeps writes through a 401 until their user is logged in again, and never sends them for another user', async () => {
    const queryClient = client('u1');
    setOnline(false);
    await submitWrite(queryClient, note('mine'));
    setOnline(true);
    answers = [{ status: 401 }];
    await flushOutbox(queryClient);
    expect(outboxSnapshot().map((entry) => entry.state)).toEqual(['pending']);

    await flushOutbox(client('u2'));
    expect(received).toHaveLength(1);
    await flushOutbox(client('u1'));
    expect(received).toHaveLength(2);
    expect(outboxSnapshot()).toEqual([]);
  });

  it("writes another tab's answer into the cache, and a fetch begun before it cannot bring the old state back", async () => {
    const queryClient = client();
    const stop = applyOtherTabsWrites(queryClient);
    const serverStates = ['before the write', 'after the write'];
    let releaseFirst = () => {};
    const observer = new QueryObserver(queryClient, {
      queryKey: ['notes', 'shared'],
      queryFn: () => {
        const state = serverStates.shift() ?? 'after the write';
        if (state === 'after the write') return state;
        return new Promise<string>((resolve) => (releaseFirst = () => resolve(state)));
      },
    });
    const seen: unknown[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));
    await vi.waitFor(() => expect(queryClient.isFetching({ queryKey: ['notes', 'shared'] })).toBe(1));

    const otherTab = new BroadcastChannel('quorum-outbox');
    otherTab.postMessage({ type: 'applied', write: note('shared'), answer: { name: 'applied' } });
    await vi.waitFor(() => expect(seen).toContain('applied'));
    releaseFirst();
    await vi.waitFor(() => expect(queryClient.getQueryData(['notes', 'shared'])).toBe('after the write'));
    expect(seen).not.toContain('before the write');

    otherTab.close();
    unsubscribe();
    stop();
  });

  it('tells once of the writes the worker sent, to their user only, and never shows them as waiting', async () => {
    const sent = { key: 'sent-by-worker', userId: 'u1', createdAt: 1, state: 'sent', error: null, write: note('w') } as const;
    await saveEntry(sent);
    await saveEntry({ ...sent, key: 'sent-for-u2', userId: 'u2' });
    await flushOutbox(client('u1'));
    expect(outboxSnapshot()).toEqual([]);
    expect(received).toEqual([]);
    expect(await takeSentByWorker('u1')).toBe(1);
    expect(await takeSentByWorker('u1')).toBe(0);
    expect(await takeSentByWorker('u2')).toBe(1);
  });
});
