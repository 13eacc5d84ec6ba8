import { describe, expect, it } from 'vitest';
import { chartGeometry, niceMax } from './line-chart.tsx';

describe('niceMax', () => {
  it('rounds the largest value up to 1, 2 or 5 times a power of ten, at least 2', () => {
    expect(niceMax(0)).toBe(2);
    expect(niceMax(1)).toBe(2);
    expect(niceMax(3)).toBe(5);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(18)).toBe(20);
    expect(niceMax(21)).toBe(50);
    expect(niceMax(100)).toBe(100);
    expect(niceMax(3100)).toBe(5000);
  });
});

describe('chartGeometry', () => {
  it('spreads the points over the width by time and scales values to the top', () => {
    const points = [
      { time: 0, value: 0 },
      { time: 1000, value: 5 },
      { time: 4000, value: 10 },
    ];
    expect(chartGeometry(points, 10)).toEqual({ line: '0,100 25,50 100,0', area: '0,100 0,100 25,50 100,0 100,100' });
  });

  it('draws a single point as a level line across the box', () => {
    expect(chartGeometry([{ time: 5, value: 1 }], 2)).toEqual({ line: '0,50 100,50', area: '0,100 0,50 100,50 100,100' });
  });

  it('draws nothing without points', () => {
    expect(chartGeometry([], 1)).toEqual({ line: '', area: '' });
  });
});
