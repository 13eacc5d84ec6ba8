import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from './lazy-component.ts';

const Component = () => null;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('lazyComponent', () => {
  it('fetches the code once however often it is preloaded', async () => {
    const load = vi.fn(() => Promise.resolve(Component));
    const Lazy = lazyComponent(load);
    Lazy.preload();
    Lazy.preload();
    await settle();
    Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed preload, so that the next attempt fetches again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(Component);
    const Lazy = lazyComponent(load);
    Lazy.preload();
    await settle();
    Lazy.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
