import { COMMUNITY_NAME_PATTERN, USERNAME_PATTERN } from '@quorum/shared/constants';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, LoaderFunctionArgs } from 'react-router-dom';
import { communityOptions } from '../features/communities/api/get-community.ts';
import { listItemsOptions } from '../features/lists/api/get-list-items.ts';
import { listOptions } from '../features/lists/api/get-list.ts';
import { communityModLogOptions } from '../features/modlog/api/get-community-mod-log.ts';
import { siteModLogOptions } from '../features/modlog/api/get-site-mod-log.ts';
import { readModLogFilters } from '../features/modlog/filters.ts';
import { notificationsOptions } from '../features/notifications/api/get-notifications.ts';
import { postOptions } from '../features/posts/api/get-post.ts';
import { userFeedOptions } from '../features/users/api/get-user-feed.ts';
import { userOptions } from '../features/users/api/get-user.ts';
import { userFeedFilterFrom } from '../features/users/api/keys.ts';
import { initialOptions } from '../lib/session/get-initial.ts';

/*
 * Route loaders start a screen's reads, with the query options the screen itself uses, as soon as
 * the address is known: the answers are on their way while the screen's code loads. They never
 * wait for them; the screens draw their own skeletons, failures and offline states.
 */

type Reads = (client: QueryClient, args: LoaderFunctionArgs) => void;

function loader(client: QueryClient, reads: Reads): LoaderFunction {
  return (args) => {
    reads(client, args);
    return null;
  };
}

// A failed read is the screen's to show, through the query's own state.
const ignore = () => undefined;

function loggedIn(client: QueryClient): boolean {
  return Boolean(client.getQueryData(initialOptions().queryKey)?.user);
}

/** /{community}: the community; /@{username}: the profile and the feed its filter shows. */
const communityOrProfile: Reads = (client, { params, request }) => {
  const name = params.communityName ?? '';
  if (name.startsWith('@') && USERNAME_PATTERN.test(name.slice(1))) {
    const username = name.slice(1);
    client.ensureQueryData(userOptions(username)).catch(ignore);
    client.ensureInfiniteQueryData(userFeedOptions(username, userFeedFilterFrom(new URL(request.url).searchParams.get('filter')))).catch(ignore);
  } else if (COMMUNITY_NAME_PATTERN.test(name)) {
    client.ensureQueryData(communityOptions(name)).catch(ignore);
  }
};

const post: Reads = (client, { params }) => {
  if (params.publicId) client.ensureQueryData(postOptions(params.publicId)).catch(ignore);
};

const list: Reads = (client, { params }) => {
  const username = params.userHandle?.startsWith('@') ? params.userHandle.slice(1) : '';
  if (!username || !params.listName) return;
  client.ensureQueryData(listOptions(username, params.listName)).catch(ignore);
  client.ensureInfiniteQueryData(listItemsOptions(username, params.listName)).catch(ignore);
};

/** /{community}/modlog: the community, then its log with the address's filters. */
const communityModLog: Reads = (client, { params, request }) => {
  const name = params.communityName ?? '';
  if (!COMMUNITY_NAME_PATTERN.test(name)) return;
  const filters = readModLogFilters(new URL(request.url).searchParams);
  client
    .ensureQueryData(communityOptions(name))
    .then((community) => client.ensureInfiniteQueryData(communityModLogOptions(community.id, filters)))
    .catch(ignore);
};

const siteModLog: Reads = (client, { request }) => {
  const { kind } = readModLogFilters(new URL(request.url).searchParams);
  client.ensureInfiniteQueryData(siteModLogOptions({ kind })).catch(ignore);
};

const notifications: Reads = (client) => {
  if (loggedIn(client)) client.ensureInfiniteQueryData(notificationsOptions()).catch(ignore);
};

export function routeLoaders(client: QueryClient) {
  return {
    communityOrProfile: loader(client, communityOrProfile),
    post: loader(client, post),
    list: loader(client, list),
    notifications: loader(client, notifications),
    communityModLog: loader(client, communityModLog),
    siteModLog: loader(client, siteModLog),
  };
}
