import type { FastifyPluginAsync } from 'fastify';
import { HeldPage } from '@quorum/shared/entities/automod';
import { heldActionBody, heldQuery } from '@quorum/shared/schemas/automod';
import { requireUser } from '../auth/plugin.ts';
import { assertCanModerate } from '../content/community-load.ts';
import type { Sql } from '../db/connect.ts';
import { noBody, sends } from '../http/answer-schema.ts';
import { parse } from '../http/validate.ts';
import { actOnHeld, loadHeldPage } from './actions.ts';

type Params = { Params: { id: string } };
type ItemParams = { Params: { id: string; itemId: string } };

/** A community's approval queue, for its mods and admins. */
const approvalsRoutes: FastifyPluginAsync<{ sql: Sql }> = async (app, { sql }) => {
  app.get<Params>('/communities/:id/held', { schema: sends(HeldPage) }, async (request) => {
    const user = requireUser(request);
    await assertCanModerate(sql, user, request.params.id);
    return loadHeldPage(sql, user, request.params.id, parse(heldQuery, request.query).next);
  });

  app.post<ItemParams>('/communities/:id/held/:itemId', { schema: sends(noBody), config: { limit: 'editContent' } }, async (request, reply) => {
    const user = requireUser(request);
    await assertCanModerate(sql, user, request.params.id);
    await actOnHeld(sql, user, request.params.id, request.params.itemId, parse(heldActionBody, request.body), app.jobs);
    return reply.code(204).send();
  });
};

export default approvalsRoutes;
