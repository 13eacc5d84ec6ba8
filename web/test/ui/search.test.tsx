import type { SearchPage, SearchQuery, SearchResult } from '@quorum/shared/entities/search';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, onTestFinished, test } from 'vitest';
import { makeComment, makeCommunity, makePost, makePostsPage, makeUser } from './fixtures.ts';
import { renderRoute, SCREEN_LOAD } from './render-route.tsx';

/** Media queries answer as for a window `width` pixels wide (a phone's), until the test ends. */
function setWindowWidth(width: number) {
  const before = window.innerWidth;
  window.innerWidth = width;
  onTestFinished(() => {
    window.innerWidth = before;
  });
}

const noSuggestions = http.get('/api/search/suggest', () => HttpResponse.json({ communities: [], users: [] }));

/** GET /api/search answering `items` for every search, recording the kinds of results asked for; no suggestions. */
function searchAnswering(items: SearchResult[], asked: string[] = []) {
  return [
    http.get('/api/search', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const type = (params.get('type') ?? 'posts') as SearchQuery['type'];
      asked.push(type);
      const page: SearchPage = { query: { text: params.get('q') ?? '', type, community: null, author: null, sort: 'relevance' }, items, next: null };
      return HttpResponse.json(page);
    }),
    noSuggestions,
  ];
}

const homeFeed = http.get('/api/posts', () => HttpResponse.json(makePostsPage([])));

describe('the search dialog', () => {
  test('one Escape closes it, even with a suggestion highlighted, and focus goes back to the button that opened it', async () => {
    const community = makeCommunity({ name: 'basil_growers', noMembers: 12 });
    const { events } = await renderRoute('/', {
      handlers: [homeFeed, http.get('/api/search/suggest', () => HttpResponse.json({ communities: [community], users: [] }))],
    });
    const opener = screen.getByRole('button', { name: 'Search' });

    await events.click(opener);
    // The dialog's code loads on first use, which the first import's transform can make slow.
    const dialog = within(await screen.findByRole('dialog', { name: 'Search' }, { timeout: 5000 }));
    const box = dialog.getByRole('combobox', { name: 'Search' });
    await waitFor(() => expect(document.activeElement).toBe(box));
    await events.keyboard('basil');
    const suggestion = await dialog.findByRole('option', { name: /\/basil_growers/ });
    await events.keyboard('{ArrowDown}');
    expect(suggestion.getAttribute('aria-selected')).toBe('true');

    await events.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Search' })).toBeNull();
    expect(document.activeElement).toBe(opener);

    // Opened again with '/' and closed at once, with text typed and nothing highlighted.
    await events.keyboard('/');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Search' }).querySelector('input')));
    await events.keyboard('thyme');
    await events.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Search' })).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe('the results page', () => {
  test('shows the excerpts of posts and comments as text, without their markdown, with the words still marked', async () => {
    const community = makeCommunity({ name: 'gardening' });
    const author = makeUser();
    const post = makePost(community, author, { title: 'Why basil wilts' });
    const comment = makeComment(post, author);
    const items: SearchResult[] = [
      {
        type: 'post',
        post,
        highlight: {
          title: 'Why <mark>basil</mark> wilts',
          body: '## Too much **sun**\n&gt; Water your <mark>basil</mark> at dawn, see [the guide](https://example.com/<mark>basil</mark>)\n```\nlog <mark>basil</mark>\n```',
        },
      },
      // Cut at words, as the server cuts its excerpts: the emphasis and code lose a mark each.
      { type: 'comment', comment, highlight: { body: 'Pinch_ the tops of the <mark>basil</mark> ~~weekly~~ `daily' } },
    ];
    await renderRoute('/search?q=basil', { handlers: searchAnswering(items) });

    const results = within(await screen.findByRole('list', { name: 'Results for basil' }, SCREEN_LOAD));
    const [postItem, commentItem] = results.getAllByRole('listitem');
    if (!postItem || !commentItem) throw new Error('Two results were expected.');
    // The whole text, so that no mark of the syntax is left anywhere in it.
    expect(postItem.querySelector('.search-result__excerpt')?.textContent).toBe('Too much sun Water your basil at dawn, see the guide log basil');
    expect(commentItem.querySelector('.search-result__excerpt')?.textContent).toBe('Pinch the tops of the basil weekly daily');
    // The word in the link's address went with the address; the others are still marked.
    expect(within(postItem).getAllByText('basil', { selector: '.search-result__excerpt mark' })).toHaveLength(2);
    expect(within(commentItem).getAllByText('basil', { selector: 'mark' })).toHaveLength(1);
    expect(within(postItem).getByRole('link', { name: 'Why basil wilts' })).toBeTruthy();
  });

  test('with no results, suggests the other kinds of results and the modifiers, and a suggestion opens its tab', async () => {
    const asked: string[] = [];
    const { events } = await renderRoute('/search?q=zorbling', { handlers: searchAnswering([], asked) });

    const panel = within(await screen.findByRole('tabpanel', {}, SCREEN_LOAD));
    expect(await panel.findByText('No results for “zorbling”')).toBeTruthy();
    expect(panel.getByText((_, element) => element?.textContent === 'Try searching comments, communities or users instead.')).toBeTruthy();
    expect(
      panel.getByText((_, element) => element?.textContent === "Search one community with in:community, or one person's posts and comments with author:name."),
    ).toBeTruthy();

    await events.click(panel.getByRole('button', { name: 'comments' }));
    const commentsTab = screen.getByRole('tab', { name: 'Comments' });
    expect(commentsTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(commentsTab);
    await waitFor(() => expect(asked).toEqual(['posts', 'comments']));
    expect(await within(screen.getByRole('tabpanel')).findByText((_, element) => element?.textContent === 'Try searching posts, communities or users instead.')).toBeTruthy();
  });

  test('with no results for a narrowed search, suggests leaving the modifiers out', async () => {
    await renderRoute(`/search?q=${encodeURIComponent('in:gardening author:marta_k zorbling')}`, { handlers: searchAnswering([]) });

    const panel = within(await screen.findByRole('tabpanel', {}, SCREEN_LOAD));
    expect(await panel.findByText('No results for “in:gardening author:marta_k zorbling”')).toBeTruthy();
    expect(panel.getByText((_, element) => element?.textContent === 'Leave out in:gardening and author:marta_k to search more widely.')).toBeTruthy();
  });
});

describe('on a phone', () => {
  test("the tab bar's Search opens the search page with the cursor in its box", async () => {
    setWindowWidth(390);
    const { events, router } = await renderRoute('/', { handlers: [homeFeed] });
    // A phone's navbar has no search button: the tab bar leads to search.
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull();

    await events.click(within(screen.getByRole('navigation', { name: 'Primary' })).getByRole('link', { name: 'Search' }));
    const box = await within(await screen.findByRole('main', {}, SCREEN_LOAD)).findByRole('combobox', { name: 'Search' }, SCREEN_LOAD);
    expect(router.state.location.pathname).toBe('/search');
    await waitFor(() => expect(document.activeElement).toBe(box));
  });

  test('the search page opened otherwise leaves the focus alone', async () => {
    setWindowWidth(390);
    await renderRoute('/search');
    const box = await within(await screen.findByRole('main', {}, SCREEN_LOAD)).findByRole('combobox', { name: 'Search' }, SCREEN_LOAD);
    expect(document.activeElement).not.toBe(box);
  });
});
