import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Jobs } from '../jobs/queue.ts';
import { queueVoteNotification } from './jobs.ts';

/** A queue that records what it is sent. */
function recordingQueue() {
  const sent: Array<{ name: string; data: object; options?: object }> = [];
  const jobs: Jobs = {
    send: async (name, data, options) => {
      sent.push({ name, data, options });
    },
    running: () => true,
    read: async () => [],
  };
  return { jobs, sent };
}

afterEach(() => vi.useRealTimers());

describe('vote notification jobs', () => {
  it('are sent twice per window at most (the window and the next), whatever was voted on, then again in a new window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00.100Z'));
    const { jobs, sent } = recordingQueue();

    for (let vote = 0; vote < 5; vote += 1) await queueVoteNotification(jobs);
    const drain = { name: 'notify', data: { kind: 'votes' }, options: { singletonKey: 'votes', singletonSeconds: 2, singletonNextSlot: true } };
    expect(sent).toEqual([drain, drain]);

    vi.setSystemTime(new Date('2026-01-01T00:00:02.000Z'));
    await queueVoteNotification(jobs);
    expect(sent).toHaveLength(3);
    // Another queue (another app) keeps its own count.
    const other = recordingQueue();
    await queueVoteNotification(other.jobs);
    expect(other.sent).toHaveLength(1);
  });
});
