/**
 * Web Locks for jsdom, exclusive and granted in order of request, as the outbox uses them (one
 * tab sends at a time): without them the send at start-up and the send of a new write could
 * deliver the same write at once.
 */
interface LockState {
  /** Settles when the last lock requested so far is released. */
  tail: Promise<unknown>;
  /** Locks requested and not yet released. */
  open: number;
  /** Resolved the first time every requested lock has been released. */
  firstRelease: Promise<void>;
  markReleased: () => void;
}

let locks = new Map<string, LockState>();

function stateOf(name: string): LockState {
  let state = locks.get(name);
  if (!state) {
    let markReleased = () => {};
    const firstRelease = new Promise<void>((resolve) => {
      markReleased = resolve;
    });
    state = { tail: Promise.resolve(), open: 0, firstRelease, markReleased };
    locks.set(name, state);
  }
  return state;
}

function request(name: string, ...rest: unknown[]): Promise<unknown> {
  const callback = rest.at(-1) as (lock: { name: string; mode: 'exclusive' }) => unknown;
  const state = stateOf(name);
  state.open += 1;
  const result = state.tail.then(() => callback({ name, mode: 'exclusive' }));
  const released = result.then(
    () => {},
    () => {},
  );
  state.tail = released;
  void released.then(() => {
    state.open -= 1;
    if (state.open === 0) state.markReleased();
  });
  return result;
}

/** Gives `navigator` a new lock manager: a test that fails holding a lock does not hold up the next. */
export function installWebLocks(): void {
  locks = new Map();
  Object.defineProperty(navigator, 'locks', { configurable: true, value: { request, query: async () => ({ held: [], pending: [] }) } });
}

/** Resolves once the lock `name` has been taken and every request for it so far released. */
export function lockUsedOnce(name: string): Promise<void> {
  return stateOf(name).firstRelease;
}
