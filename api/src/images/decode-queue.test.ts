import { expect, it } from 'vitest';
import { concurrencyLimit } from './decode-queue.ts';

it('runs at most `limit` tasks at once, in order, and passes results and errors through', async () => {
  const inQueue = concurrencyLimit(2);
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const finishers: Array<() => void> = [];
  const tasks = [0, 1, 2, 3, 4].map((n) =>
    inQueue(async () => {
      started.push(n);
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => finishers.push(resolve));
      running -= 1;
      if (n === 3) throw new Error('task 3 failed');
      return n * 10;
    }).catch(() => 'failed'),
  );
  // Let queued tasks start, then finish whichever run, until all are done.
  for (let round = 0; round < 10; round++) {
    await new Promise((resolve) => setImmediate(resolve));
    expect(running).toBeLessThanOrEqual(2);
    finishers.splice(0).forEach((finish) => finish());
  }
  const results = await Promise.all(tasks);
  expect(most).toBe(2);
  expect(started).toEqual([0, 1, 2, 3, 4]);
  expect(results).toEqual([0, 10, 20, 'failed', 40]);
});
