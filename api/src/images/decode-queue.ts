export interface FairQueue {
  /** Runs `task` for `owner` once a slot is free and it is the owner's turn. */
  run<T>(owner: string, task: () => Promise<T>): Promise<T>;
  /** How many tasks are waiting for a slot. */
  waiting(): number;
}

interface Owner {
  running: number;
  /** Resumes each waiting task, oldest first. */
  waiting: Array<() => void>;
  /** When the owner last had a task started; 0 for never. */
  lastTurn: number;
}

/**
 * Runs at most `limit` tasks at once, sharing the slots fairly between owners (the members the
 * work is for). Each owner's tasks wait in their own line, in order. A freed slot goes to the
 * waiting owner with the fewest tasks running and, among those, to the one whose last turn is
 * the oldest (round robin), so one member's burst delays another member's task by about one task.
 */
export function fairQueue(limit: number): FairQueue {
  const owners = new Map<string, Owner>();
  let running = 0;
  let turns = 0;

  function start(owner: Owner) {
    running += 1;
    owner.running += 1;
    turns += 1;
    owner.lastTurn = turns;
  }

  function nextOwner(): Owner | undefined {
    let next: Owner | undefined;
    for (const owner of owners.values()) {
      if (owner.waiting.length === 0) continue;
      if (
        next === undefined ||
        owner.running < next.running ||
        (owner.running === next.running && owner.lastTurn < next.lastTurn)
      ) {
        next = owner;
      }
    }
    return next;
  }

  function finish(key: string, owner: Owner) {
    running -= 1;
    owner.running -= 1;
    if (owner.running === 0 && owner.waiting.length === 0) owners.delete(key);
    const next = nextOwner();
    if (!next) return;
    start(next);
    next.waiting.shift()?.();
  }

  return {
    async run(key, task) {
      const owner = owners.get(key) ?? { running: 0, waiting: [], lastTurn: 0 };
      owners.set(key, owner);
      // A waiting task is counted as started by `finish` before it resumes.
      if (running >= limit) await new Promise<void>((resolve) => owner.waiting.push(resolve));
      else start(owner);
      try {
        return await task();
      } finally {
        finish(key, owner);
      }
    },

    waiting() {
      let count = 0;
      for (const owner of owners.values()) count += owner.waiting.length;
      return count;
    },
  };
}
