import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Jobs } from './queue.ts';
import { sendOncePerWindow } from './windowed.ts';

function recordingQueue() {
  const sent: Array<{ name: string; options?: object }> = [];
  const jobs: Jobs = {
    send: async (name, _data, options) => {
      sent.push({ name, options });
    },
    running: () => true,
    read: async () => [],
  };
  return { jobs, sent };
}

afterEach(() => vi.useRealTimers());

describe('jobs sent once per window', () => {
  it('are counted per key: one key turned away does not turn away another', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00.100Z'));
    const { jobs, sent } = recordingQueue();
    for (let n = 0; n < 3; n++) await sendOncePerWindow(jobs, 'drain', {}, 'first', 1);
    await sendOncePerWindow(jobs, 'other', {}, 'second', 1);
    expect(sent).toEqual([
      { name: 'drain', options: { singletonKey: 'first', singletonSeconds: 1, singletonNextSlot: true } },
      { name: 'drain', options: { singletonKey: 'first', singletonSeconds: 1, singletonNextSlot: true } },
      { name: 'other', options: { singletonKey: 'second', singletonSeconds: 1, singletonNextSlot: true } },
    ]);
    vi.setSystemTime(new Date('2026-01-01T00:00:01.000Z'));
    await sendOncePerWindow(jobs, 'drain', {}, 'first', 1);
    expect(sent).toHaveLength(4);
  });
});
