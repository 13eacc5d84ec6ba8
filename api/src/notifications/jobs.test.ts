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
  };
  return { jobs, sent };
}

afterEach(() => vi.useRealTimers());

describe('vote notification jobs', () => {
  it('are sent twice per target and window at most (the window and the next), then again in a new window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00.100Z'));
    const { jobs, sent } = recordingQueue();
    const post = { targetType: 'post' as const, targetId: '01a2037a-a20c-75f1-bc0f-557c203d3d98' };
    const comment = { targetType: 'comment' as const, targetId: '01a2037a-a20c-75f1-bc0f-557c203d3d99' };

    for (let vote = 0; vote < 5; vote += 1) await queueVoteNotification(jobs, post);
    await queueVoteNotification(jobs, comment);
    expect(sent.map((job) => job.options)).toEqual([
      { singletonKey: `vote:post:${post.targetId}`, singletonSeconds: 2, singletonNextSlot: true },
      { singletonKey: `vote:post:${post.targetId}`, singletonSeconds: 2, singletonNextSlot: true },
      { singletonKey: `vote:comment:${comment.targetId}`, singletonSeconds: 2, singletonNextSlot: true },
    ]);
    expect(sent[0]?.data).toEqual({ kind: 'vote', ...post });

    vi.setSystemTime(new Date('2026-01-01T00:00:02.000Z'));
    await queueVoteNotification(jobs, post);
    expect(sent).toHaveLength(4);
    // Another queue (another app) keeps its own count.
    const other = recordingQueue();
    await queueVoteNotification(other.jobs, post);
    expect(other.sent).toHaveLength(1);
  });
});
