import type { FastifyPluginAsync } from 'fastify';
import { createRuleBody, updateRuleBody } from '@quorum/shared/schemas/communities';
import { Rule, Rules } from '@quorum/shared/entities/communities';
import { requireUser } from '../auth/plugin.ts';
import { assertCanModerate, assertCommunityExists } from '../content/community-load.ts';
import { presentRule } from '../content/community-present.ts';
import type { Sql } from '../db/connect.ts';
import { noBody, sends } from '../http/answer-schema.ts';
import { parse } from '../http/validate.ts';
import { addRule, editRule, removeRule } from './actions.ts';
import { listRules } from './rule-queries.ts';

type RuleParams = { Params: { id: string; ruleId: string } };

const ruleRoutes: FastifyPluginAsync<{ sql: Sql }> = async (app, { sql }) => {
  app.get<{ Params: { id: string } }>('/communities/:id/rules', { schema: sends(Rules) }, async (request): Promise<Rule[]> => {
    await assertCommunityExists(sql, request.params.id);
    return (await listRules(sql, request.params.id)).map(presentRule);
  });

  /** Answers all the community's rules in their order, the new one last. */
  app.post<{ Params: { id: string } }>('/communities/:id/rules', { schema: sends(Rules) }, async (request, reply): Promise<Rule[]> => {
    const user = requireUser(request);
    await assertCanModerate(sql, user, request.params.id);
    const body = parse(createRuleBody, request.body);
    await addRule(sql, request.params.id, user, body);
    reply.code(201);
    return (await listRules(sql, request.params.id)).map(presentRule);
  });

  app.put<RuleParams>('/communities/:id/rules/:ruleId', { schema: sends(Rule) }, async (request): Promise<Rule> => {
    const user = requireUser(request);
    await assertCanModerate(sql, user, request.params.id);
    const body = parse(updateRuleBody, request.body);
    return presentRule(await editRule(sql, request.params.id, request.params.ruleId, user, body));
  });

  app.delete<RuleParams>('/communities/:id/rules/:ruleId', { schema: sends(noBody) }, async (request, reply) => {
    const user = requireUser(request);
    await assertCanModerate(sql, user, request.params.id);
    await removeRule(sql, request.params.id, request.params.ruleId, user);
    return reply.code(204).send();
  });
};

export default ruleRoutes;
