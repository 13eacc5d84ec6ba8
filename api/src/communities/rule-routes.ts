import type { FastifyPluginAsync } from 'fastify';
import { Messages } from '@quorum/shared/errors';
import { createRuleBody, updateRuleBody } from '@quorum/shared/schemas/communities';
import type { Rule } from '@quorum/shared/types';
import { requireUser } from '../auth/plugin.ts';
import type { Sql } from '../db/connect.ts';
import { notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { addRule, editRule, removeRule } from './actions.ts';
import { assertCanModerate, isId } from './policy.ts';
import { presentRule } from './present.ts';
import { communityExists } from './queries.ts';
import { listRules } from './rule-queries.ts';

type RuleParams = { Params: { id: string; ruleId: string } };

const ruleRoutes: FastifyPluginAsync<{ sql: Sql }> = async (app, { sql }) => {
  app.get<{ Params: { id: string } }>('/communities/:id/rules', async (request): Promise<Rule[]> => {
    const { id } = request.params;
    if (!isId(id) || !(await communityExists(sql, id))) throw notFound(Messages.communityNotFound);
    return (await listRules(sql, id)).map(presentRule);
  });

  app.post<{ Params: { id: string } }>('/communities/:id/rules', async (request, reply): Promise<Rule> => {
    const user = requireUser(request);
    await assertCanModerate(sql, user, request.params.id);
    const body = parse(createRuleBody, request.body);
    const rule = await addRule(sql, request.params.id, user.id, body);
    if (!rule) throw notFound(Messages.communityNotFound);
    reply.code(201);
    return presentRule(rule);
  });

  app.put<RuleParams>('/communities/:id/rules/:ruleId', async (request): Promise<Rule> => {
    const user = requireUser(request);
    await assertCanModerate(sql, user, request.params.id);
    const body = parse(updateRuleBody, request.body);
    const rule = isId(request.params.ruleId) ? await editRule(sql, request.params.id, request.params.ruleId, body) : undefined;
    if (!rule) throw notFound(Messages.ruleNotFound);
    return presentRule(rule);
  });

  app.delete<RuleParams>('/communities/:id/rules/:ruleId', async (request, reply) => {
    const user = requireUser(request);
    await assertCanModerate(sql, user, request.params.id);
    const deleted = isId(request.params.ruleId) && (await removeRule(sql, request.params.id, request.params.ruleId));
    if (!deleted) throw notFound(Messages.ruleNotFound);
    return reply.code(204).send();
  });
};

export default ruleRoutes;
