import type { FastifyPluginAsync } from 'fastify';
import { adminPageQuery, ipBlockBody } from '@quorum/shared/schemas/admin';
import { IpBlock, IpBlocksPage } from '@quorum/shared/entities/ip-blocks';
import { requireAdmin } from '../auth/plugin.ts';
import type { Sql } from '../db/connect.ts';
import { sends } from '../http/answer-schema.ts';
import { parse } from '../http/validate.ts';
import { blockIp, cancelIpBlock, listIpBlocks } from './actions.ts';
import type { IpBlockList } from './enforce.ts';
import { presentIpBlock } from './present.ts';

/** Admins block addresses and ranges from making changes, and cancel blocks. */
const ipBlocksRoutes: FastifyPluginAsync<{ sql: Sql; blockList: IpBlockList }> = async (app, { sql, blockList }) => {
  app.get('/ipblocks', { schema: sends(IpBlocksPage) }, async (request): Promise<IpBlocksPage> => {
    requireAdmin(request);
    const page = await listIpBlocks(sql, parse(adminPageQuery, request.query).next);
    return { blocks: page.rows.map(presentIpBlock), next: page.next };
  });

  app.post('/ipblocks', { schema: sends(IpBlock) }, async (request, reply) => {
    const admin = requireAdmin(request);
    const block = await blockIp(sql, blockList, admin, parse(ipBlockBody, request.body));
    return reply.code(201).send(presentIpBlock(block));
  });

  app.delete<{ Params: { id: string } }>('/ipblocks/:id', { schema: sends(IpBlock) }, async (request): Promise<IpBlock> => {
    const admin = requireAdmin(request);
    return presentIpBlock(await cancelIpBlock(sql, blockList, admin, request.params.id));
  });
};

export default ipBlocksRoutes;
