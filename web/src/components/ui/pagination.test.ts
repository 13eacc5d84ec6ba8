import { describe, expect, it } from 'vitest';
import { pageItems, parsePage } from './pagination.tsx';

const buttons = (items: ReturnType<typeof pageItems>) => items.filter((item) => item !== 'gap').length;

describe('pageItems', () => {
  it('has nothing for no pages and one button for one page', () => {
    expect(pageItems(1, 0)).toEqual([]);
    expect(pageItems(1, 1)).toEqual([1]);
  });

  it('shows every page, without ellipses, below 10 pages', () => {
    expect(pageItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(4, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(pageItems(9, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('from 10 pages, keeps the run at the start while the current page is near it', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap', 10]);
    expect(pageItems(5, 40)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap', 40]);
  });

  it('keeps the run at the end while the current page is near it', () => {
    expect(pageItems(10, 10)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 9, 10]);
    expect(pageItems(6, 10)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 9, 10]);
    expect(pageItems(35, 40)).toEqual([1, 'gap', 34, 35, 36, 37, 38, 39, 40]);
  });

  it('puts a run around the current page between two ellipses in the middle', () => {
    expect(pageItems(6, 40)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 9, 'gap', 40]);
    expect(pageItems(20, 40)).toEqual([1, 'gap', 18, 19, 20, 21, 22, 23, 'gap', 40]);
    expect(pageItems(34, 40)).toEqual([1, 'gap', 32, 33, 34, 35, 36, 37, 'gap', 40]);
  });

  it('shows at most 8 page buttons, the current page among them, and leaves out at least two pages per ellipsis', () => {
    for (let total = 10; total <= 30; total++) {
      for (let current = 1; current <= total; current++) {
        const items = pageItems(current, total);
        expect(buttons(items)).toBe(8);
        expect(items).toContain(current);
        expect(items[0]).toBe(1);
        expect(items.at(-1)).toBe(total);
        items.forEach((item, index) => {
          if (item !== 'gap') return;
          const before = items[index - 1] as number;
          const after = items[index + 1] as number;
          expect(after - before).toBeGreaterThanOrEqual(3);
        });
      }
    }
  });

  it('shows a page out of range as the nearest one', () => {
    expect(pageItems(99, 12)).toEqual(pageItems(12, 12));
    expect(pageItems(0, 12)).toEqual(pageItems(1, 12));
  });
});

describe('parsePage', () => {
  it('reads a positive whole number', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage('120')).toBe(120);
  });

  it('falls back to page 1 for a missing, zero, negative or malformed value', () => {
    for (const value of [null, '', '0', '-2', '1.5', 'abc', '2x', '99999999']) expect(parsePage(value)).toBe(1);
  });
});
