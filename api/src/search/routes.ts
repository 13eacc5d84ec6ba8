import type { FastifyPluginAsync } from 'fastify';
import { searchQuery, suggestQuery } from '@quorum/shared/schemas/search';
import { SearchPage, SearchSuggestions } from '@quorum/shared/entities/search';
import type { Sql } from '../db/connect.ts';
import { sends } from '../http/answer-schema.ts';
import { parse } from '../http/validate.ts';
import { search, suggest, type SearchOptions } from './search.ts';

interface SearchRoutesOptions {
  sql: Sql;
  search: SearchOptions;
}

const searchRoutes: FastifyPluginAsync<SearchRoutesOptions> = async (app, { sql, search: options }) => {
  const limited = { config: { limit: 'search' as const } };

  app.get('/search', { ...limited, schema: sends(SearchPage) }, async (request): Promise<SearchPage> => search(sql, parse(searchQuery, request.query), request.user, options));

  app.get('/search/suggest', { ...limited, schema: sends(SearchSuggestions) }, async (request): Promise<SearchSuggestions> =>
    suggest(sql, parse(suggestQuery, request.query).q, request.user));
};

export default searchRoutes;
