import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { Bootstrap } from './bootstrap.tsx';
import { AppProvider } from './provider.tsx';
import { createAppRouter } from './router.tsx';

/** The router, made once the query cache is restored and the bootstrap data is in: its loaders read both. */
function AppRouter() {
  const client = useQueryClient();
  const [router] = useState(() => createAppRouter(client));
  return <RouterProvider router={router} />;
}

export function App() {
  return (
    <AppProvider>
      <Bootstrap>
        <AppRouter />
      </Bootstrap>
    </AppProvider>
  );
}
