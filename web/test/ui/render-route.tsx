import type { Community } from '@quorum/shared/entities/communities';
import type { List } from '@quorum/shared/entities/lists';
import type { User } from '@quorum/shared/entities/users';
import { ErrorCode, Messages, type ErrorBody } from '@quorum/shared/errors';
import { CSRF_RESPONSE_HEADER } from '@quorum/shared/http-names';
import { render, type RenderResult } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Bootstrap } from '../../src/app/bootstrap.tsx';
import { AppProvider, createAppStores } from '../../src/app/provider.tsx';
import { createRoutes } from '../../src/app/router.tsx';
import { installDialogMethods } from './dialog.ts';
import { makeInitialData } from './fixtures.ts';
import { server } from './server.ts';
import { lockUsedOnce } from './web-locks.ts';

export const CSRF_TOKEN = 'csrf-token-of-the-test-session';
/**
 * How long a test waits for a screen's first content: its code and data arrive on their own time,
 * which a busy machine stretches well past Testing Library's one second.
 */
export const SCREEN_LOAD = { timeout: 10_000 };
installDialogMethods();
/** The Web Lock the outbox holds while it sends (lib/outbox/outbox.ts). */
const OUTBOX_LOCK = 'quorum-outbox';

type MemoryRouter = ReturnType<typeof createMemoryRouter>;

export interface RenderRouteOptions {
  /** Answers of the calls the screen makes, tried before the bootstrap's. */
  handlers?: RequestHandler[];
  /** The logged-in user; a visitor when left out. */
  user?: User | null;
  /** The bootstrap's communities (the sidebar's list): those the user joined, or the site's for a visitor. */
  joined?: Community[];
  /** The logged-in user's lists, as the bootstrap data gives them. */
  lists?: List[];
}

export interface RenderedRoute extends RenderResult {
  /** Clicks and typing, as a user does them. */
  events: UserEvent;
  router: MemoryRouter;
}

/**
 * The bootstrap answers every screen needs: who is logged in, and the poll of the current user;
 * and the item's saved marks the post page asks for (in none of the user's lists, unless a test says otherwise).
 */
function sessionHandlers(user: User | null, joined: Community[], lists: List[]): RequestHandler[] {
  return [
    http.get('/api/lists/_saved_to', () => HttpResponse.json([])),
    http.get('/api/_initial', () => HttpResponse.json(makeInitialData(user, joined, lists), { headers: { [CSRF_RESPONSE_HEADER]: CSRF_TOKEN } })),
    http.get('/api/_user', () =>
      user ? HttpResponse.json(user) : HttpResponse.json({ status: 401, code: ErrorCode.notLoggedIn, message: Messages.notLoggedIn } satisfies ErrorBody, { status: 401 }),
    ),
  ];
}

/** The app's routes in a memory router, made as the app makes its router: with the query client its loaders use. */
function MemoryAppRouter({ path, onRouter }: { path: string; onRouter: (router: MemoryRouter) => void }) {
  const client = useQueryClient();
  const [router] = useState(() => {
    const made = createMemoryRouter(createRoutes(client), { initialEntries: [path] });
    onRouter(made);
    return made;
  });
  return <RouterProvider router={router} />;
}

/** Resolves once the router has loaded the code of the first screen's lazy routes. */
function routerReady(router: MemoryRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * Renders the app at `path` composed as app/app.tsx composes it, with a memory router in place of
 * the browser's: the app's own providers (a new query client on each render, with the app's
 * defaults and kinds of write; alerts; the outbox) and its route table. The API is MSW: the session's answers plus the test's `handlers`; any other call fails
 * the test.
 *
 * Resolves once the app has started: the screen's code is loaded (its first import is transformed
 * on demand, which can outlast a query's wait on a busy machine) and, for a logged-in user, the
 * outbox has made its send at start-up, which a write made meanwhile would race.
 */
export async function renderRoute(path: string, { handlers = [], user = null, joined = [], lists = [] }: RenderRouteOptions = {}): Promise<RenderedRoute> {
  server.use(...handlers, ...sessionHandlers(user, joined, lists));
  let routerMade: (router: MemoryRouter) => void = () => {};
  const made = new Promise<MemoryRouter>((resolve) => (routerMade = resolve));
  const events = userEvent.setup();
  const result = render(
    <AppProvider stores={createAppStores()}>
      <Bootstrap>
        <MemoryAppRouter path={path} onRouter={routerMade} />
      </Bootstrap>
    </AppProvider>,
  );
  const router = await made;
  await routerReady(router);
  if (user) await lockUsedOnce(OUTBOX_LOCK);
  return { ...result, events, router };
}
