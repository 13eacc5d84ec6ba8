import type { FastifyPluginAsync } from 'fastify';
import { searchQuery, suggestQuery } from '@quorum/shared/schemas/search';
import { SearchPage, SearchSuggestions } from '@quorum/shared/entities/search';
import { memberSearchFromShared } from '../content/member-view.ts';
import type { Sql } from '../db/connect.ts';
import { sends } from '../http/answer-schema.ts';
import { parse } from '../http/validate.ts';
import { sendToVisitor, visitorsAnswer, type VisitorCache } from '../http/visitor-cache.ts';
import { search, searchPageKey, suggest, type SearchOptions } from './search.ts';

interface SearchRoutesOptions {
  sql: Sql;
  visitorCache: VisitorCache;
  search: SearchOptions;
}

const searchRoutes: FastifyPluginAsync<SearchRoutesOptions> = async (app, { sql, visitorCache, search: options }) => {
  const limited = { config: { limit: 'search' as const } };

  // A page of results is the same for every visitor, kept as their feed pages are; a member's page of posts starts from it.
  app.get('/search', { ...limited, schema: sends(SearchPage) }, async (request, reply) => {
    const params = parse(searchQuery, request.query);
    const viewer = request.user;
    const key = searchPageKey(params);
    const searchPage = (reader: typeof viewer) => search(sql, params, reader, options);
    if (!viewer) return sendToVisitor(visitorCache, request, reply, key, () => searchPage(null));
    const visitorsPage = visitorsAnswer(visitorCache, reply, key, () => searchPage(null));
    return (await memberSearchFromShared(request, visitorCache, visitorsPage)) ?? searchPage(viewer);
  });

  app.get('/search/suggest', { ...limited, schema: sends(SearchSuggestions) }, async (request): Promise<SearchSuggestions> =>
    suggest(sql, parse(suggestQuery, request.query).q, request.user));
};

export default searchRoutes;
