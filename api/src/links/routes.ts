import type { FastifyPluginAsync } from 'fastify';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { LinkInfo } from '@quorum/shared/entities/site';
import { requireUser } from '../auth/plugin.ts';
import { sends } from '../http/answer-schema.ts';
import { badRequest } from '../http/errors.ts';
import { AddressRefusedError } from '../outbound/lookup.ts';
import { LinkFetchError, parseHttpUrl } from './fetch.ts';
import { fetchLinkPreview } from './preview.ts';

export interface LinksRoutesOptions {
  /** Let previews fetch from loopback and private network addresses. */
  allowPrivate: boolean;
}

const linksRoutes: FastifyPluginAsync<LinksRoutesOptions> = async (app, { allowPrivate }) => {
  app.get<{ Querystring: { url?: unknown } }>('/_link_info', {
    schema: sends(LinkInfo),
    config: { limit: 'linkInfo' },
  }, async (request): Promise<LinkInfo> => {
    requireUser(request);
    const text = typeof request.query.url === 'string' ? request.query.url.trim() : '';
    const url = parseHttpUrl(text);
    if (!url) throw badRequest(Messages.invalidUrl, ErrorCode.invalidUrl);
    try {
      const preview = await fetchLinkPreview(url, { allowPrivate });
      return { title: preview.title ?? '' };
    } catch (error) {
      if (error instanceof AddressRefusedError) throw badRequest(Messages.privateAddress, ErrorCode.invalidUrl);
      // A page that cannot be fetched has no title to offer; the user types one.
      if (error instanceof LinkFetchError) return { title: '' };
      request.log.warn({ err: error, url: url.toString() }, 'link preview failed');
      return { title: '' };
    }
  });
};

export default linksRoutes;
