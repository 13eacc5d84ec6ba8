import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect.ts';

describe('safeRedirectPath', () => {
  it('keeps paths on this site', () => {
    expect(safeRedirectPath('/settings')).toBe('/settings');
    expect(safeRedirectPath('/new?community=books#top')).toBe('/new?community=books#top');
  });

  it('falls back to home for anything else', () => {
    for (const target of [null, undefined, '', 'settings', '//evil.example', '/\\evil.example', 'https://evil.example/']) {
      expect(safeRedirectPath(target)).toBe('/');
    }
  });
});
