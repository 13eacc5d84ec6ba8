import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RouteError } from '../components/errors/route-error.tsx';
import { paths } from '../config/paths.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { ShellSkeleton } from './layout/shell-skeleton.tsx';
import { HomeRoute } from './routes/home.tsx';
import { routeLoaders } from './route-loaders.ts';
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

/**
 * The route table: every screen of the app and the URL it answers. The loaders start the main
 * screens' reads while their code loads (app/route-loaders.ts).
 */
export function createRoutes(client: QueryClient): RouteObject[] {
  const loaders = routeLoaders(client);
  return [
    {
      element: <AppLayout />,
      errorElement: <RouteError />,
      // Opening the app on a screen loaded on demand shows the shell's outline until its code is in.
      HydrateFallback: ShellSkeleton,
      children: [
        {
          // A screen that fails to render shows the crash screen inside the shell.
          errorElement: <RouteError fullScreen={false} />,
          children: [
            { index: true, element: <HomeRoute /> },
            { path: paths.subscriptions.path, element: <HomeRoute /> },
            { path: paths.all.path, element: <HomeRoute /> },
            { path: paths.moderating.path, element: <HomeRoute /> },
            { path: paths.login.path, lazy: async () => ({ Component: (await import('./routes/login.tsx')).LoginRoute }) },
            { path: paths.forgotPassword.path, lazy: async () => ({ Component: (await import('./routes/forgot-password.tsx')).ForgotPasswordRoute }) },
            { path: paths.resetPassword.path, lazy: async () => ({ Component: (await import('./routes/reset-password.tsx')).ResetPasswordRoute }) },
            { path: paths.confirmEmail.path, lazy: async () => ({ Component: (await import('./routes/confirm-email.tsx')).ConfirmEmailRoute }) },
            {
              element: <RequireLogin />,
              children: [
                { path: paths.settings.path, lazy: async () => ({ Component: (await import('./routes/settings.tsx')).SettingsRoute }) },
                { path: paths.drafts.path, lazy: async () => ({ Component: (await import('./routes/drafts.tsx')).DraftsRoute }) },
                { path: paths.newPost.path, lazy: async () => ({ Component: (await import('./routes/new-post.tsx')).NewPostRoute }) },
                {
                  path: paths.notifications.path,
                  loader: loaders.notifications,
                  lazy: async () => ({ Component: (await import('./routes/notifications.tsx')).NotificationsRoute }),
                },
                { path: paths.admin.path, lazy: async () => ({ Component: (await import('./routes/admin.tsx')).AdminRoute }) },
              ],
            },
            ...staticPages,
            // A user's lists (/@{username}/lists…), before the community catch-all (/:communityName).
            { path: paths.lists.path, lazy: async () => ({ Component: (await import('./routes/lists.tsx')).ListsRoute }) },
            { path: paths.list.path, loader: loaders.list, lazy: async () => ({ Component: (await import('./routes/lists.tsx')).ListRoute }) },
            // Post pages come before the community catch-all (/:communityName).
            ...[paths.post.path, paths.comment.path].map((path) => ({
              path,
              loader: loaders.post,
              lazy: async () => ({ Component: (await import('./routes/post.tsx')).PostRoute }),
            })),
            { path: paths.communityModtools.path, lazy: async () => ({ Component: (await import('./routes/modtools.tsx')).ModtoolsRoute }) },
            {
              path: paths.communityModLog.path,
              loader: loaders.communityModLog,
              lazy: async () => ({ Component: (await import('./routes/modlog.tsx')).CommunityModLogRoute }),
            },
            { path: paths.modLog.path, loader: loaders.siteModLog, lazy: async () => ({ Component: (await import('./routes/modlog.tsx')).SiteModLogRoute }) },
            { path: paths.search.path, lazy: async () => ({ Component: (await import('./routes/search.tsx')).SearchRoute }) },
            { path: paths.communities.path, lazy: async () => ({ Component: (await import('./routes/communities.tsx')).CommunitiesRoute }) },
            // Communities and profiles (/@name).
            {
              path: paths.community.path,
              loader: loaders.communityOrProfile,
              lazy: async () => ({ Component: (await import('./routes/community.tsx')).CommunityRoute }),
            },
            { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found.tsx')).NotFoundRoute }) },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(client: QueryClient) {
  return createBrowserRouter(createRoutes(client));
}
