// Every URL of the app in one place. `path` is the pattern a route is registered with;
// `getHref` builds a link. Entries without `path` are linked to but have no screen yet.

import type { ModAction } from '@quorum/shared/entities/modlog';
import type { SearchSort, SearchType } from '@quorum/shared/entities/search';

/** The admin dashboard's pages after /admin/ (its Settings page is /admin itself). */
export const ADMIN_PAGES = ['users', 'comments', 'communities', 'automod', 'ipblocks', 'bss', 'health', 'new-community-requests'] as const;
export type AdminPage = (typeof ADMIN_PAGES)[number];

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** The pages of a community's moderation area, in the order its navigation lists them. */
export const MODTOOLS_SECTIONS = ['settings', 'reports', 'queue', 'removed', 'locked', 'banned', 'mods', 'rules', 'automod'] as const;
export type ModtoolsSection = (typeof MODTOOLS_SECTIONS)[number];

/** What a moderation log is narrowed to, kept in its address (`?kind=&mod=`). */
export interface ModLogFilters {
  kind?: ModAction['kind'];
  /** A moderator's username (community logs only). */
  mod?: string;
}

export const paths = {
  home: { path: '/', getHref: () => '/' },
  subscriptions: { path: '/subscriptions', getHref: () => '/subscriptions' },
  all: { path: '/all', getHref: () => '/all' },
  moderating: { path: '/moderating', getHref: () => '/moderating' },
  login: {
    path: '/login',
    /** `redirectTo` is where to go after logging in (a path on this site). */
    getHref: (redirectTo?: string) => withQuery('/login', { redirect: redirectTo }),
  },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  /** Where an emailed link to set a new password leads (?token=). */
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  /** Where an emailed link to confirm an email address leads (?token=). */
  confirmEmail: { path: '/confirm-email', getHref: () => '/confirm-email' },
  settings: { path: '/settings', getHref: () => '/settings' },
  /** What the member started writing on this device and has not sent. */
  drafts: { path: '/drafts', getHref: () => '/drafts' },
  newPost: {
    path: '/new',
    getHref: (options: { community?: string; edit?: string } = {}) => withQuery('/new', options),
  },
  notifications: { path: '/notifications', getHref: () => '/notifications' },
  /** The admin dashboard: its Settings page, or one of its other pages. */
  admin: { path: '/admin/*', getHref: (page?: AdminPage) => (page ? `/admin/${page}` : '/admin') },

  about: { path: '/about', getHref: () => '/about' },
  guidelines: { path: '/guidelines', getHref: () => '/guidelines' },
  moderatorGuidelines: { path: '/moderator-guidelines', getHref: () => '/moderator-guidelines' },
  terms: { path: '/terms', getHref: () => '/terms' },
  privacyPolicy: { path: '/privacy-policy', getHref: () => '/privacy-policy' },
  markdownGuide: { path: '/markdown-guide', getHref: () => '/markdown-guide' },
  /** The second spelling of the markdown guide's address. */
  markdownGuideUnderscore: { path: '/markdown_guide', getHref: () => '/markdown_guide' },

  communities: { path: '/communities', getHref: () => '/communities' },
  /** Search results: the box's text (modifiers included), the kind of results and their order. */
  search: {
    path: '/search',
    getHref: (query: { q?: string; type?: SearchType; sort?: SearchSort } = {}) =>
      withQuery('/search', { q: query.q, type: query.type === 'posts' ? undefined : query.type, sort: query.sort === 'relevance' ? undefined : query.sort }),
  },
  /** The site-wide moderation log (what admins did). */
  modLog: { path: '/modlog', getHref: (filters: Pick<ModLogFilters, 'kind'> = {}) => withQuery('/modlog', { kind: filters.kind }) },
  /** Registered after every fixed route, so that a fixed route wins over a community name. */
  community: { path: '/:communityName', getHref: (name: string) => `/${encodeURIComponent(name)}` },
  /** The moderation area; without a section, the address that sends on to its settings. */
  communityModtools: {
    path: '/:communityName/modtools/*',
    getHref: (name: string, section?: ModtoolsSection) => `/${encodeURIComponent(name)}/modtools${section ? `/${section}` : ''}`,
  },
  /** A community's public moderation log. */
  communityModLog: {
    path: '/:communityName/modlog',
    getHref: (name: string, filters: ModLogFilters = {}) => withQuery(`/${encodeURIComponent(name)}/modlog`, { kind: filters.kind, mod: filters.mod }),
  },
  post: {
    path: '/:communityName/post/:publicId',
    getHref: (communityName: string, publicId: string) => `/${encodeURIComponent(communityName)}/post/${encodeURIComponent(publicId)}`,
  },
  /** A post page with one comment focused (its permalink). */
  comment: {
    path: '/:communityName/post/:publicId/:commentId',
    getHref: (communityName: string, publicId: string, commentId: string) =>
      `/${encodeURIComponent(communityName)}/post/${encodeURIComponent(publicId)}/${encodeURIComponent(commentId)}`,
  },
  profile: { getHref: (username: string) => `/@${encodeURIComponent(username)}` },
  /** A user's lists; the first segment is the user's name after an @ (the screen checks it). */
  lists: { path: '/:userHandle/lists', getHref: (username: string) => `/@${encodeURIComponent(username)}/lists` },
  list: {
    path: '/:userHandle/lists/:listName',
    getHref: (username: string, listName: string) => `/@${encodeURIComponent(username)}/lists/${encodeURIComponent(listName)}`,
  },
} as const;
