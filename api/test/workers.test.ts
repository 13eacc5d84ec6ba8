// How many API processes WORKERS runs, and what the embedded database says to more than one.
import { availableParallelism } from 'node:os';
import { expect, it } from 'vitest';
import { planWorkers } from '../src/cluster/workers.ts';
import { loadConfig } from '../src/config.ts';

it('reads WORKERS as a count of at least 1, or auto for one per core, and 1 by default', () => {
  expect(loadConfig({}).workers).toBe(1);
  expect(loadConfig({ WORKERS: '3' }).workers).toBe(3);
  expect(loadConfig({ WORKERS: 'auto' }).workers).toBe(availableParallelism());
  expect(() => loadConfig({ WORKERS: '0' })).toThrow('WORKERS must be a whole number of at least 1, or "auto".');
  expect(() => loadConfig({ WORKERS: 'many' })).toThrow('WORKERS must be a whole number, got "many".');
});

it('runs as many processes as asked on Postgres', () => {
  expect(planWorkers(loadConfig({ WORKERS: '4', DATABASE_URL: 'postgres://db.example/quorum' }))).toEqual({ count: 4 });
  expect(planWorkers(loadConfig({}))).toEqual({ count: 1 });
});

it('keeps the embedded database to one process and says why', () => {
  expect(planWorkers(loadConfig({ WORKERS: '2' }))).toEqual({
    count: 1,
    notice:
      'WORKERS=2 is ignored: the embedded database serves one process, so Quorum runs one. ' +
      'Set DATABASE_URL to a Postgres server to run several processes.',
  });
});
