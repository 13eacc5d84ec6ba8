import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RouteError } from '../components/errors/route-error.tsx';
import { paths } from '../config/paths.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { CommunitiesRoute } from './routes/communities.tsx';
import { CommunityRoute } from './routes/community.tsx';
import { HomeRoute } from './routes/home.tsx';
import { LoginRoute } from './routes/login.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { RequireLogin } from './routes/require-login.tsx';

// Screens that few visits need are split into their own chunks (all precached for offline use).
const staticPages: RouteObject[] = [
  { path: paths.about.path, lazy: async () => ({ Component: (await import('./routes/static/about.tsx')).AboutRoute }) },
  { path: paths.guidelines.path, lazy: async () => ({ Component: (await import('./routes/static/guidelines.tsx')).GuidelinesRoute }) },
  {
    path: paths.moderatorGuidelines.path,
    lazy: async () => ({ Component: (await import('./routes/static/moderator-guidelines.tsx')).ModeratorGuidelinesRoute }),
  },
  { path: paths.terms.path, lazy: async () => ({ Component: (await import('./routes/static/terms.tsx')).TermsRoute }) },
  { path: paths.privacyPolicy.path, lazy: async () => ({ Component: (await import('./routes/static/privacy-policy.tsx')).PrivacyPolicyRoute }) },
  ...[paths.markdownGuide.path, paths.markdownGuideUnderscore.path].map((path) => ({
    path,
    lazy: async () => ({ Component: (await import('./routes/static/markdown-guide.tsx')).MarkdownGuideRoute }),
  })),
];

/** The route table: every screen of the app and the URL it answers. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // A screen that fails to render shows the crash screen inside the shell.
        errorElement: <RouteError fullScreen={false} />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: paths.subscriptions.path, element: <HomeRoute /> },
          { path: paths.all.path, element: <HomeRoute /> },
          { path: paths.moderating.path, element: <HomeRoute /> },
          { path: paths.login.path, element: <LoginRoute /> },
          {
            element: <RequireLogin />,
            children: [
              { path: paths.settings.path, lazy: async () => ({ Component: (await import('./routes/settings.tsx')).SettingsRoute }) },
              { path: paths.newPost.path, lazy: async () => ({ Component: (await import('./routes/new-post.tsx')).NewPostRoute }) },
              {
                path: paths.notifications.path,
                lazy: async () => ({ Component: (await import('./routes/notifications.tsx')).NotificationsRoute }),
              },
              { path: paths.admin.path, lazy: async () => ({ Component: (await import('./routes/admin.tsx')).AdminRoute }) },
            ],
          },
          ...staticPages,
          // A user's lists (/@{username}/lists…), before the community catch-all (/:communityName).
          { path: paths.lists.path, lazy: async () => ({ Component: (await import('./routes/lists.tsx')).ListsRoute }) },
          { path: paths.list.path, lazy: async () => ({ Component: (await import('./routes/lists.tsx')).ListRoute }) },
          // Post pages come before the community catch-all (/:communityName).
          ...[paths.post.path, paths.comment.path].map((path) => ({
            path,
            lazy: async () => ({ Component: (await import('./routes/post.tsx')).PostRoute }),
          })),
          { path: paths.communityModtools.path, lazy: async () => ({ Component: (await import('./routes/modtools.tsx')).ModtoolsRoute }) },
          { path: paths.search.path, lazy: async () => ({ Component: (await import('./routes/search.tsx')).SearchRoute }) },
          { path: paths.communities.path, element: <CommunitiesRoute /> },
          { path: paths.community.path, element: <CommunityRoute /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
