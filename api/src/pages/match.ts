// The web app's page addresses (web/src/config/paths.ts and the router in web/src/app/router.tsx),
// as far as the server needs them to say what a page is. A page added to the app that should carry
// its own title or be kept out of search engines gets a line here too.
import { COMMUNITY_NAME_PATTERN, FEED_SORTS, USERNAME_PATTERN } from '@quorum/shared/constants';
import type { FeedSort } from '@quorum/shared/entities/posts';

/** A page that needs nothing loaded: its title (shown as "<title> · Quorum") and whether search engines may list it. */
export interface FixedPage {
  kind: 'fixed';
  path: string;
  title: string | null;
  noindex: boolean;
}

export type PageRoute =
  | FixedPage
  | { kind: 'feed'; path: '/' | '/all'; sort: FeedSort | null }
  | { kind: 'search'; q: string }
  | { kind: 'community'; name: string }
  | { kind: 'communityModLog'; name: string }
  | { kind: 'post'; communityName: string; publicId: string; commentId: string | null }
  | { kind: 'profile'; username: string }
  | { kind: 'lists'; username: string }
  | { kind: 'list'; username: string; listName: string }
  | { kind: 'notFound' };

const fixed = (path: string, title: string | null, noindex = false): FixedPage => ({ kind: 'fixed', path, title, noindex });

/** Single-segment addresses that name a screen, not a community (the router ranks them first). */
const FIXED_PAGES: Record<string, FixedPage> = {
  subscriptions: fixed('/subscriptions', 'Subscriptions', true),
  moderating: fixed('/moderating', 'Moderating', true),
  login: fixed('/login', 'Login', true),
  'forgot-password': fixed('/forgot-password', 'Forgot password', true),
  'reset-password': fixed('/reset-password', 'Set a new password', true),
  'confirm-email': fixed('/confirm-email', 'Confirm your email', true),
  settings: fixed('/settings', 'Settings', true),
  drafts: fixed('/drafts', 'Drafts', true),
  new: fixed('/new', 'Create a post', true),
  notifications: fixed('/notifications', 'Notifications', true),
  admin: fixed('/admin', 'Admin', true),
  about: fixed('/about', 'About Quorum'),
  guidelines: fixed('/guidelines', 'Community guidelines'),
  'moderator-guidelines': fixed('/moderator-guidelines', 'Moderator guidelines'),
  terms: fixed('/terms', 'Terms of service'),
  'privacy-policy': fixed('/privacy-policy', 'Privacy policy'),
  'markdown-guide': fixed('/markdown-guide', 'Markdown guide'),
  markdown_guide: fixed('/markdown-guide', 'Markdown guide'),
  communities: fixed('/communities', 'Communities'),
  modlog: fixed('/modlog', 'Moderation log'),
};

function feedSort(value: string | null): FeedSort | null {
  return value !== null && (FEED_SORTS as readonly string[]).includes(value) ? (value as FeedSort) : null;
}

/** The user named by a `@name` segment, or null. */
function handleName(segment: string): string | null {
  return segment.startsWith('@') && segment.length > 1 ? segment.slice(1) : null;
}

function decodeSegments(pathname: string): string[] | null {
  try {
    return pathname.split('/').filter((segment) => segment !== '').map(decodeURIComponent);
  } catch {
    return null;
  }
}

/** The page an address (path and query) names, matched as the web app's router does (fixed words in any case). */
export function matchPage(url: string): PageRoute {
  const parsed = new URL(url, 'http://page.invalid');
  const segments = decodeSegments(parsed.pathname);
  if (!segments) return { kind: 'notFound' };
  const query = parsed.searchParams;
  const [first = '', second = '', third = '', fourth = ''] = segments;
  const word = (segment: string) => segment.toLowerCase();

  if (segments.length === 0) return { kind: 'feed', path: '/', sort: feedSort(query.get('sort')) };
  if (word(first) === 'admin') return FIXED_PAGES.admin ?? { kind: 'notFound' };
  if (segments.length === 1) {
    if (word(first) === 'all') return { kind: 'feed', path: '/all', sort: feedSort(query.get('sort')) };
    if (word(first) === 'search') return { kind: 'search', q: query.get('q')?.trim() ?? '' };
    const page = FIXED_PAGES[word(first)];
    if (page) return page;
    const username = handleName(first);
    if (username !== null) return USERNAME_PATTERN.test(username) ? { kind: 'profile', username } : { kind: 'notFound' };
    return COMMUNITY_NAME_PATTERN.test(first) ? { kind: 'community', name: first } : { kind: 'notFound' };
  }
  const username = handleName(first);
  if (word(second) === 'lists' && segments.length <= 3) {
    if (username === null) return { kind: 'notFound' };
    return segments.length === 2 ? { kind: 'lists', username } : { kind: 'list', username, listName: third };
  }
  if (word(second) === 'post' && (segments.length === 3 || segments.length === 4)) {
    return { kind: 'post', communityName: first, publicId: third, commentId: segments.length === 4 ? fourth : null };
  }
  if (word(second) === 'modtools' && COMMUNITY_NAME_PATTERN.test(first)) {
    // Visitors are shown the Forbidden page: only a community's mods and the admins get in.
    return fixed(`/${first}/modtools`, 'Forbidden', true);
  }
  if (word(second) === 'modlog' && segments.length === 2 && COMMUNITY_NAME_PATTERN.test(first)) return { kind: 'communityModLog', name: first };
  return { kind: 'notFound' };
}
