import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router-dom';
// The shared styles come first, so that each area's own styles (imported by its components) follow them.
import './styles/fonts.css';
import './styles/theme.css';
import './styles/base.css';
import './styles/components.css';
import { App } from './app/app.tsx';
import { createAppStores } from './app/provider.tsx';
import { createRoutes } from './app/router.tsx';
import { startClockAt } from './hooks/use-now.ts';
import type { ServerState } from './entry-server.tsx';
import { stopHoldingTaps } from './lib/held-taps.ts';
import { watchInstallPrompt } from './lib/install-app.ts';
import { readSavedCache } from './lib/query-persister.ts';
import { registerServiceWorker } from './lib/service-worker.ts';

void readSavedCache();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

/** What the server put in a page it drew for the app to take over, if it did. */
function readServerState(): ServerState | null {
  const element = document.getElementById('server-state');
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerState;
  } catch {
    return null;
  }
}

/**
 * Takes over the page the server drew: its answers go into the query cache and the router starts
 * where the server's did, with the matched screens' code loaded first, so that the first render
 * draws exactly what is on the page.
 */
async function takeOver(container: HTMLElement, state: ServerState) {
  const stores = createAppStores();
  hydrate(stores.queryClient, state.queries);
  startClockAt(state.firstRender.now);
  const routes = createRoutes(stores.queryClient);
  const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const loaded = typeof route.lazy === 'function' ? await route.lazy() : {};
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
  const router = createBrowserRouter(routes, { hydrationData: { loaderData: state.loaderData } });
  hydrateRoot(
    container,
    <StrictMode>
      <App stores={stores} firstRender={state.firstRender} router={router} />
    </StrictMode>,
  );
}

/** Draws the app in the browser (over whatever the server drew, whose held taps are dropped with it). */
function drawAnew(container: HTMLElement) {
  stopHoldingTaps();
  createRoot(container).render(
    <StrictMode>
      <App stores={createAppStores()} />
    </StrictMode>,
  );
}

const serverState = readServerState();
if (serverState) {
  // A screen's code that cannot be loaded (the network gone meanwhile) leaves the page to the app's own start.
  takeOver(root, serverState).catch(() => drawAnew(root));
} else {
  drawAnew(root);
}

registerServiceWorker();
watchInstallPrompt();
