import { expect, it } from 'vitest';
import { fairQueue } from './decode-queue.ts';

/** Tasks that record when they start and run until the test finishes them. */
function controlledTasks() {
  const started: string[] = [];
  const running = new Map<string, { resolve: (name: string) => void; reject: (error: Error) => void }>();
  let onNextStart: ((name: string) => void) | undefined;
  let mostAtOnce = 0;
  return {
    started,
    mostAtOnce: () => mostAtOnce,
    task: (name: string) => () =>
      new Promise<string>((resolve, reject) => {
        started.push(name);
        running.set(name, { resolve, reject });
        mostAtOnce = Math.max(mostAtOnce, running.size);
        onNextStart?.(name);
        onNextStart = undefined;
      }),
    /** Resolves with the name of the next task to start. */
    nextStart: () => new Promise<string>((resolve) => (onNextStart = resolve)),
    finish(name: string, error?: Error) {
      const task = running.get(name);
      running.delete(name);
      if (error) task?.reject(error);
      else task?.resolve(name);
    },
    /** Finishes `name` and resolves with the name of the task that takes its slot. */
    async handOver(name: string) {
      const next = this.nextStart();
      this.finish(name);
      return next;
    },
  };
}

it('runs at most `limit` tasks at once, one owner’s in order, and passes results and errors through', async () => {
  const queue = fairQueue(2);
  const tasks = controlledTasks();
  const results = ['t0', 't1', 't2', 't3', 't4'].map((name) => queue.run('alice', tasks.task(name)).catch((error: Error) => error.message));
  expect(tasks.started).toEqual(['t0', 't1']);
  expect(queue.waiting()).toBe(3);

  expect(await tasks.handOver('t1')).toBe('t2');
  const next = tasks.nextStart();
  tasks.finish('t0', new Error('t0 failed'));
  expect(await next).toBe('t3');
  expect(await tasks.handOver('t2')).toBe('t4');
  tasks.finish('t3');
  tasks.finish('t4');

  expect(await Promise.all(results)).toEqual(['t0 failed', 't1', 't2', 't3', 't4']);
  expect(tasks.mostAtOnce()).toBe(2);
  expect(queue.waiting()).toBe(0);
});

it('gives the next free slot to a member’s single task queued after another member’s eight', async () => {
  const queue = fairQueue(2);
  const tasks = controlledTasks();
  const burst = Array.from({ length: 8 }, (_, n) => queue.run('alice', tasks.task(`alice${n}`)));
  const single = queue.run('bob', tasks.task('bob0'));
  expect(queue.waiting()).toBe(7);

  expect(await tasks.handOver('alice0')).toBe('bob0');
  expect(await tasks.handOver('alice1')).toBe('alice2');
  tasks.finish('bob0');
  expect(await single).toBe('bob0');

  for (let n = 2; n < 6; n++) expect(await tasks.handOver(`alice${n}`)).toBe(`alice${n + 2}`);
  tasks.finish('alice6');
  tasks.finish('alice7');
  expect(await Promise.all(burst)).toEqual(Array.from({ length: 8 }, (_, n) => `alice${n}`));
  expect(tasks.started).toEqual(['alice0', 'alice1', 'bob0', ...Array.from({ length: 6 }, (_, n) => `alice${n + 2}`)]);
});

it('takes waiting owners in turn, the one whose last turn is oldest first', async () => {
  const queue = fairQueue(1);
  const tasks = controlledTasks();
  const all = [
    queue.run('alice', tasks.task('alice0')),
    queue.run('alice', tasks.task('alice1')),
    queue.run('alice', tasks.task('alice2')),
    queue.run('bob', tasks.task('bob0')),
    queue.run('bob', tasks.task('bob1')),
    queue.run('carol', tasks.task('carol0')),
  ];
  expect(await tasks.handOver('alice0')).toBe('bob0');
  expect(await tasks.handOver('bob0')).toBe('carol0');
  expect(await tasks.handOver('carol0')).toBe('alice1');
  expect(await tasks.handOver('alice1')).toBe('bob1');
  expect(await tasks.handOver('bob1')).toBe('alice2');
  tasks.finish('alice2');
  await Promise.all(all);
  expect(queue.waiting()).toBe(0);

  // A later task starts at once when a slot is free.
  const late = tasks.nextStart();
  const result = queue.run('bob', tasks.task('bob2'));
  expect(await late).toBe('bob2');
  tasks.finish('bob2');
  expect(await result).toBe('bob2');
});
