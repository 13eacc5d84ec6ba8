import 'fake-indexeddb/auto';
import { ApiError } from '@quorum/client/api-error';
import type { CallOptions } from '@quorum/client/api-client';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@quorum/shared/http-names';
import { sessionKeys } from '../session/keys.ts';
import { applyOtherTabsWrites, discardWrite, flushOutbox, outboxSnapshot, registerWriteKind, submitWrite, type OutboxWrite } from './outbox.ts';

interface NoteWrite extends OutboxWrite {
  kind: 'note';
  text: string;
}

/** What the test server answers next, and what it received. */
let answers: Array<Error | string> = [];
let received: Array<{ text: string; key: string | undefined }> = [];

function client(userId: string | null = 'u1'): QueryClient {
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionKeys.initial(), { user: userId ? { id: userId } : null });
  registerWriteKind<NoteWrite, string>(queryClient, 'note', {
    send: async (write, call: CallOptions) => {
      received.push({ text: write.text, key: call.headers?.[IDEMPOTENCY_KEY_HEADER] });
      const answer = answers.shift() ?? 'ok';
      if (answer instanceof Error) throw answer;
      return answer;
    },
    apply: (target, write, answer) => target.setQueryData(['notes', write.text], answer),
    describe: (write) => `Your note “${write.text}”`,
  });
  return queryClient;
}

/** The browser's view of the network (the outbox sends nothing while it says offline). */
function setOnline(online: boolean) {
  vi.stubGlobal('navigator', { onLine: online });
}

const note = (text: string): NoteWrite => ({ kind: 'note', text });

beforeEach(async () => {
  for (const entry of outboxSnapshot()) await discardWrite(entry.key);
  answers = [];
  received = [];
  setOnline(true);
});

describe('the outbox', () => {
  it('sends a write at once with its idempotency key and applies the answer', async () => {
    const queryClient = client();
    const result = await submitWrite<string>(queryClient, note('a'));
    expect(result).toEqual({ sent: true, answer: 'ok' });
    expect(received).toHaveLength(1);
    expect(received[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(queryClient.getQueryData(['notes', 'a'])).toBe('ok');
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
    expect(outboxSnapshot()).toEqual([]);
    expect(await flushOutbox(queryClient)).toBe(0);
    expect(received).toHaveLength(2);
  });

  it('sends a fresh write once while a send of the waiting writes runs, whether it is taken or refused', async () => {
    const queryClient = client();
    const [taken, flushed] = await Promise.all([submitWrite<string>(queryClient, note('now')), flushOutbox(queryClient)]);
    expect(taken).toEqual({ sent: true, answer: 'ok' });
    expect(flushed).toBe(0);
    expect(received.map((item) => item.text)).toEqual(['now']);

    answers = [new ApiError(403, { status: 403, code: 'post_locked', message: 'This post is locked.' })];
    const refused = Promise.all([submitWrite(queryClient, note('locked')), flushOutbox(queryClient)]);
    await expect(refused).rejects.toThrow('This post is locked.');
    expect(received.map((item) => item.text)).toEqual(['now', 'locked']);
    expect(outboxSnapshot()).toEqual([]);
  });

  it('keeps a write that failed on the network pending, and sends it again with the same key', async () => {
    const queryClient = client();
    answers = [new ApiError(0, null)];
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
    answers = [new ApiError(403, { status: 403, code: 'post_locked', message: 'This post is locked.' })];
    expect(await flushOutbox(queryClient)).toBe(1);
    expect(outboxSnapshot().map((entry) => [entry.state, entry.error])).toEqual([['failed', 'This post is locked.']]);
    expect(received.map((item) => item.text)).toEqual(['refused', 'fine']);
    await flushOutbox(queryClient);
    expect(received).toHaveLength(2);
  });

  it('throws a refusal of a fresh write back to its screen and forgets it', async () => {
    const queryClient = client();
    answers = [new ApiError(400, { status: 400, code: 'invalid', message: 'Too short.' })];
    await expect(submitWrite(queryClient, note('x'))).rejects.toThrow('Too short.');
    expect(outboxSnapshot()).toEqual([]);
  });

  it('keeps writes through a 401 until their user is logged in again, and never sends them for another user', async () => {
    const queryClient = client('u1');
    setOnline(false);
    await submitWrite(queryClient, note('mine'));
    setOnline(true);
    answers = [new ApiError(401, null)];
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
    otherTab.postMessage({ type: 'applied', write: note('shared'), answer: 'applied' });
    await vi.waitFor(() => expect(seen).toContain('applied'));
    releaseFirst();
    await vi.waitFor(() => expect(queryClient.getQueryData(['notes', 'shared'])).toBe('after the write'));
    expect(seen).not.toContain('before the write');

    otherTab.close();
    unsubscribe();
    stop();
  });
});
