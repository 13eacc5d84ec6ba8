// The tags of a page's head: its title, description, canonical address, Open Graph and Twitter
// card, robots and feed links. Every value is escaped here, and only <title>, <meta> and <link>
// elements are made, so the shell's Content-Security-Policy holds.
import { escapeHtml } from '@quorum/shared/format';
import type { PageHead } from '../http/web.ts';
import type { PageImage, PageMeta } from './meta.ts';

export const SITE_NAME = 'Quorum';

/** The site's icon: what a page without an image of its own shows in a link preview. */
export const SITE_IMAGE: PageImage = { path: '/icons/icon-512.png', width: 512, height: 512, alt: null };

export interface Site {
  /** The site's public address, without a trailing slash. */
  publicUrl: string;
  /** What a page without a description of its own says. */
  description: string;
}

/** The tab title the app sets (useDocumentTitle): "<title> · Quorum", or the site's name. */
export function documentTitle(title: string | null): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

const meta = (attribute: 'name' | 'property', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
const link = (attributes: Record<string, string>) =>
  `<link ${Object.entries(attributes).map(([key, value]) => `${key}="${escapeHtml(value)}"`).join(' ')} />`;

export function buildHead(page: PageMeta, site: Site): PageHead {
  const absolute = (path: string) => `${site.publicUrl}${path}`;
  const title = page.title ?? SITE_NAME;
  const description = page.description ?? site.description;
  const image = page.image ?? SITE_IMAGE;
  const tags = [
    meta('name', 'description', description),
    ...(page.noindex ? [meta('name', 'robots', 'noindex')] : []),
    ...(page.path === null ? [] : [link({ rel: 'canonical', href: absolute(page.path) })]),
    meta('property', 'og:type', page.type),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    ...(page.path === null ? [] : [meta('property', 'og:url', absolute(page.path))]),
    meta('property', 'og:image', absolute(image.path)),
    meta('property', 'og:image:width', String(image.width)),
    meta('property', 'og:image:height', String(image.height)),
    ...(image.alt ? [meta('property', 'og:image:alt', image.alt)] : []),
    // A post's own picture is shown large; an icon or avatar small.
    meta('name', 'twitter:card', page.type === 'article' && page.image && page.image.width >= 300 ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', absolute(image.path)),
    ...(image.alt ? [meta('name', 'twitter:image:alt', image.alt)] : []),
    ...page.feeds.map((feed) =>
      link({ rel: 'alternate', type: 'application/atom+xml', title: `${feed.title} · ${SITE_NAME}`, href: absolute(feed.path) })),
  ];
  return {
    status: page.status,
    title: `<title>${escapeHtml(documentTitle(page.title))}</title>`,
    tags: `  ${tags.join('\n    ')}\n  `,
  };
}
