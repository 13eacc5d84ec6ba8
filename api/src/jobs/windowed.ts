import type { Jobs } from './queue.ts';

/** Per queue and key, the jobs this process has sent in the current window. */
const sentInWindow = new WeakMap<Jobs, Map<string, { window: number; sent: number }>>();

/**
 * Sends the job `name` that drains what many requests left behind (notices, marks in a table),
 * one per window of `windowSeconds` under `key`: the queue keeps one job for the window and puts
 * a later one into the next (singletonNextSlot). Once this process has sent those two it sends
 * no more until the window ends, so that most requests cost no queue statement at all.
 */
export async function sendOncePerWindow(jobs: Jobs, name: string, data: object, key: string, windowSeconds: number): Promise<void> {
  const window = Math.floor(Date.now() / (windowSeconds * 1000));
  const byKey = sentInWindow.get(jobs) ?? new Map<string, { window: number; sent: number }>();
  sentInWindow.set(jobs, byKey);
  const before = byKey.get(key);
  if (before?.window === window && before.sent >= 2) return;

  await jobs.send(name, data, { singletonKey: key, singletonSeconds: windowSeconds, singletonNextSlot: true });
  // Read again: other requests may have sent a job while this one was sent.
  const latest = byKey.get(key);
  byKey.set(key, latest?.window === window ? { window, sent: latest.sent + 1 } : { window, sent: 1 });
}
