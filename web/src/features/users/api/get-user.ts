import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { userKeys } from './keys.ts';

/** GET /api/users/{username}: the profile; a 404 is shown as its own state, not raised as an alert. */
export const userOptions = (username: string) =>
  queryOptions({
    queryKey: userKeys.detail(username),
    queryFn: () => api.getUser(username),
    meta: { silent: true },
  });

/** GET /api/users/{username}?adminsView=true: every detail of the user, for admins. */
export const userAdminsViewOptions = (username: string) =>
  queryOptions({
    queryKey: [...userKeys.detail(username), 'admins-view'] as const,
    queryFn: () => api.getUserAdminsView(username),
  });
