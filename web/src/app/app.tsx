import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import type { FirstRender } from '../lib/first-render.ts';
import { Bootstrap } from './bootstrap.tsx';
import { AppProvider, type AppStores } from './provider.tsx';
import { createAppRouter } from './router.tsx';

type BrowserRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The router. One made by the page drawn on the server is given; otherwise it is made once the
 * query cache is restored and the bootstrap data is in, since its loaders read both.
 */
function AppRouter({ router: given }: { router?: BrowserRouter }) {
  const client = useQueryClient();
  const [router] = useState(() => given ?? createAppRouter(client));
  return <RouterProvider router={router} />;
}

interface AppProps {
  stores: AppStores;
  /** For a page drawn on the server: what it assumed (see first-render.ts). */
  firstRender?: FirstRender;
  /** The router that takes over a page drawn on the server (see main.tsx). */
  router?: BrowserRouter;
  /** The server draws its own router in place of the browser's. */
  children?: ReactNode;
}

export function App({ stores, firstRender, router, children }: AppProps) {
  return (
    <AppProvider stores={stores} firstRender={firstRender}>
      <Bootstrap>{children ?? <AppRouter router={router} />}</Bootstrap>
    </AppProvider>
  );
}
