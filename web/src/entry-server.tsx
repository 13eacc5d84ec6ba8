// Draws a public page on the server, for visitors: the same screens as in the browser, from the
// same queries, whose answers go into the page so that the browser takes it over (main.tsx)
// without asking again. Built on its own (vite build --ssr) and loaded by the API.
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { App } from './app/app.tsx';
import { createAppStores } from './app/provider.tsx';
import { createRoutes } from './app/router.tsx';
import { readApiOnServer } from './lib/api-client.ts';
import type { FirstRender } from './lib/first-render.ts';

/** What the browser needs to take a drawn page over (read by main.tsx). */
export interface ServerState {
  firstRender: FirstRender;
  queries: DehydratedState;
  loaderData: Record<string, unknown>;
}

export interface DrawnPage {
  /** The app's markup, for the page's root element. */
  html: string;
  /**
   * Null when one of the page's reads failed (a missing post, say): the markup still reads
   * without script, and the browser draws the page anew rather than taking it over.
   */
  state: ServerState | null;
}

// A screen shows its data after the render that asks for it: each pass fetches what the last one
// asked for (the bootstrap data, then the screen's reads, then reads that follow from those).
const MAX_PASSES = 5;

async function renderToText(element: ReactNode): Promise<string> {
  // Every boundary in place: past the default 12,800 bytes React would move the rest of the page
  // behind inline scripts, which the page's Content-Security-Policy does not allow.
  const { prelude } = await prerenderToNodeStream(element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

/** Queries a render (or a route loader) asked for, and would fetch in the browser, whose answer is not in yet. */
function waitingQueries(client: QueryClient) {
  return client.getQueryCache().findAll({
    predicate: (query) => {
      const { enabled } = query.options as { enabled?: boolean | ((query: unknown) => boolean) };
      const wanted = typeof enabled === 'function' ? enabled(query) : enabled !== false;
      return wanted && query.state.status === 'pending';
    },
  });
}

/** Draws the page at `url`, reading the API through `fetchApi`; null for an address that redirects. */
export async function drawPage(url: URL, fetchApi: typeof fetch, { phone }: { phone: boolean }): Promise<DrawnPage | null> {
  readApiOnServer(fetchApi);
  const stores = createAppStores();
  const client = stores.queryClient;
  // A read that failed shows its failure (a missing post's not-found page), not a new attempt.
  client.setDefaultOptions({ ...client.getDefaultOptions(), queries: { ...client.getDefaultOptions().queries, retry: false, retryOnMount: false } });
  const firstRender: FirstRender = { now: Date.now(), phone };
  const { query, dataRoutes } = createStaticHandler(createRoutes(client));
  const context = await query(new Request(url));
  if (context instanceof Response) return null;

  let html = '';
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const router = createStaticRouter(dataRoutes, context);
    html = await renderToText(
      <StrictMode>
        <App stores={stores} firstRender={firstRender}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </App>
      </StrictMode>,
    );
    const waiting = waitingQueries(client);
    if (waiting.length === 0) break;
    // A query on its way already (started by a route loader) is waited for, not asked again.
    await Promise.allSettled(waiting.map((query) => query.fetch()));
  }
  const failed = client.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' });
  if (failed.length > 0) return { html, state: null };
  return { html, state: { firstRender, queries: dehydrate(client), loaderData: context.loaderData } };
}
