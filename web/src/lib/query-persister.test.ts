import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { dehydrateForSaving, trimPages } from './query-persister.ts';

const pages = (count: number) => ({
  pages: Array.from({ length: count }, (_, i) => ({ posts: [`p${i}`], next: `n${i}` })),
  pageParams: Array.from({ length: count }, (_, i) => (i === 0 ? null : `n${i - 1}`)),
});

describe('the saved cache', () => {
  it('keeps only the first pages of an infinite list, with their cursors', () => {
    const trimmed = trimPages(pages(5));
    expect(trimmed.pages).toHaveLength(3);
    expect(trimmed.pageParams).toEqual([null, 'n0', 'n1']);
    const short = pages(2);
    expect(trimPages(short)).toBe(short);
  });

  it('saves answers kept through a failed refresh, and leaves out queries with nothing to show or marked not to persist', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['posts', 'feed', 'hot'], pages(4));
    await client.prefetchQuery({ queryKey: ['posts', 'detail', 'a'], queryFn: () => ({ title: 'A' }) });
    await client.fetchQuery({ queryKey: ['posts', 'detail', 'a'], queryFn: () => Promise.reject(new Error('offline')), staleTime: 0 }).catch(() => undefined);
    await client.prefetchQuery({ queryKey: ['posts', 'detail', 'missing'], queryFn: () => Promise.reject(new Error('offline')) });
    await client.prefetchQuery({ queryKey: ['posts', 'link-info', 'x'], queryFn: () => ({ title: null }), meta: { persist: false } });

    const saved = dehydrateForSaving(client).queries;
    expect(saved.map((query) => query.queryKey)).toEqual([['posts', 'feed', 'hot'], ['posts', 'detail', 'a']]);
    expect((saved[0]?.state.data as { pages: unknown[] }).pages).toHaveLength(3);
    expect(saved[1]?.state).toMatchObject({ status: 'success', error: null, data: { title: 'A' } });
  });
});
