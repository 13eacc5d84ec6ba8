import { describe, expect, it, vi } from 'vitest';
import { createVisitorCache } from './visitor-cache.ts';

/** A computation that answers only when told to, counting how often it was started. */
function gate<T>(value: T) {
  let calls = 0;
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    compute: async () => {
      calls += 1;
      await opened;
      return value;
    },
    open: () => open(),
    calls: () => calls,
  };
}

describe('visitor cache', () => {
  it('computes and serialises a page once for everyone asking while it is computed and while it is fresh', async () => {
    const cache = createVisitorCache(60_000);
    const page = gate({ posts: [1, 2], next: null });
    let serialised = 0;
    const serialize = (value: unknown) => `${++serialised}:${JSON.stringify(value)}`;
    const waiting = Array.from({ length: 10 }, () => cache.get('hot', page.compute, serialize));
    page.open();
    const answers = await Promise.all(waiting);
    expect(page.calls()).toBe(1);
    expect(new Set(answers.map((answer) => answer.json))).toEqual(new Set(['1:{"posts":[1,2],"next":null}']));
    expect((await cache.get('hot', page.compute, serialize)).etag).toBe(answers[0]?.etag);
    expect(page.calls()).toBe(1);
    expect(serialised).toBe(1);
    expect(cache.cacheControl).toBe('public, max-age=60');
  });

  it('says whether it holds an answer, fresh or being computed, under a key', async () => {
    const cache = createVisitorCache(60_000);
    const page = gate('drawn');
    expect(cache.has('page')).toBe(false);
    const answer = cache.get('page', page.compute, String);
    expect(cache.has('page')).toBe(true);
    page.open();
    await answer;
    expect(cache.has('page')).toBe(true);
    expect(cache.has('other')).toBe(false);
    const keepingNothing = createVisitorCache(0);
    await keepingNothing.get('page', async () => 'drawn', String);
    expect(keepingNothing.has('page')).toBe(false);
  });

  it('keeps pages apart by key and gives different pages different validators', async () => {
    const cache = createVisitorCache(60_000);
    const hot = await cache.get('hot', async () => ({ sort: 'hot' }), JSON.stringify);
    const latest = await cache.get('latest', async () => ({ sort: 'latest' }), JSON.stringify);
    expect(hot.json).toBe('{"sort":"hot"}');
    expect(latest.json).toBe('{"sort":"latest"}');
    expect(hot.etag).not.toBe(latest.etag);
    expect(hot.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
  });

  it('never keeps a failure: the next request computes again', async () => {
    const cache = createVisitorCache(60_000);
    await expect(cache.get('hot', async () => Promise.reject(new Error('database away')), JSON.stringify)).rejects.toThrow('database away');
    expect((await cache.get('hot', async () => ({ ok: true }), JSON.stringify)).json).toBe('{"ok":true}');
  });

  it('keeps no more than its byte budget: an answer beyond it is served but computed again next time', async () => {
    // Each answer counts twice its 33 bytes of JSON: one fits in 100, two do not.
    const cache = createVisitorCache(60_000, 100);
    let calls = 0;
    const big = async () => ({ text: 'x'.repeat(20), call: ++calls });
    expect((await cache.get('first', big, JSON.stringify)).json).toContain('"call":1');
    expect((await cache.get('second', big, JSON.stringify)).json).toContain('"call":2');
    // The first is still kept; the second did not fit beside it.
    expect((await cache.get('first', big, JSON.stringify)).json).toContain('"call":1');
    expect((await cache.get('second', big, JSON.stringify)).json).toContain('"call":3');
  });

  it('keeps an answer computed again once the one before it expired, however often that happens', async () => {
    // Each answer counts twice its 33 bytes of JSON: one fits in 100, and stays the only one kept.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = createVisitorCache(1_000, 100);
      let calls = 0;
      const page = async () => ({ text: 'x'.repeat(20), call: ++calls });
      for (let round = 1; round <= 5; round++) {
        expect((await cache.get('hot', page, JSON.stringify)).json).toContain(`"call":${round}`);
        expect(cache.has('hot'), `round ${round}`).toBe(true);
        vi.advanceTimersByTime(1_001);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('computes every page anew when keeping is off, and tells browsers to check again', async () => {
    const cache = createVisitorCache(0);
    let calls = 0;
    await cache.get('hot', async () => ++calls, JSON.stringify);
    const second = await cache.get('hot', async () => ++calls, JSON.stringify);
    expect(calls).toBe(2);
    expect(second.json).toBe('2');
    expect(cache.cacheControl).toBe('no-cache');
  });
});
