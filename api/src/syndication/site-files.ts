// What crawlers and browsers ask every site for: robots.txt and the OpenSearch description.
import { escapeXml } from '@quorum/shared/format';
import { SITE_NAME, type SiteUrls } from './atom.ts';

/**
 * The web app's pages that are one member's own or hold nothing to index (web/src/config/paths.ts).
 * Robots rules match prefixes, and a community's page is /{name}: each is shut by its exact path,
 * with a query or below it, so that a community whose name starts the same stays open.
 */
const PRIVATE_PAGES = [
  '/settings',
  '/login',
  '/admin',
  '/search',
  '/*/modtools',
  '/notifications',
  '/new',
  '/drafts',
  '/forgot-password',
  '/reset-password',
  '/confirm-email',
  '/subscriptions',
  '/moderating',
];

export function robotsTxt(urls: SiteUrls): string {
  const shut = PRIVATE_PAGES.flatMap((page) => [`Disallow: ${page}$`, `Disallow: ${page}?`, `Disallow: ${page}/`]);
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', ...shut, '', `Sitemap: ${urls.to('/sitemap.xml')}`, ''].join('\n');
}

/** The search page and the parameter its box fills (paths.search in web/src/config/paths.ts). */
const SEARCH_PATH = '/search';
const SEARCH_PARAMETER = 'q';

/** The OpenSearch 1.1 description: browsers offer the site's search from their address bar. */
export function openSearchDescription(urls: SiteUrls): string {
  const template = `${urls.to(SEARCH_PATH)}?${SEARCH_PARAMETER}={searchTerms}`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/" xmlns:moz="http://www.mozilla.org/2006/browser/search/">',
    `<ShortName>${escapeXml(SITE_NAME)}</ShortName>`,
    `<Description>${escapeXml(`Search ${SITE_NAME}`)}</Description>`,
    '<InputEncoding>UTF-8</InputEncoding>',
    `<Image width="32" height="32" type="image/x-icon">${escapeXml(urls.to('/favicon.ico'))}</Image>`,
    `<Url type="text/html" method="get" template="${escapeXml(template)}"/>`,
    `<Url type="application/opensearchdescription+xml" rel="self" template="${escapeXml(urls.to('/opensearch.xml'))}"/>`,
    `<moz:SearchForm>${escapeXml(urls.to(SEARCH_PATH))}</moz:SearchForm>`,
    '</OpenSearchDescription>',
    '',
  ].join('\n');
}
