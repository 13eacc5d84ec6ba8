import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { Messages } from '@quorum/shared/errors';
import { containsNul } from '@quorum/shared/schemas/common';
import { badRequest } from './errors.ts';

/**
 * The message of a rule the schema gave none for: the field and the rule, never the value
 * (valibot's own messages repeat what was received, a password included).
 */
function ruleMessage(issue: v.BaseIssue<unknown>): string {
  const field = issue.path?.map((item) => String(item.key)).join('.');
  const rule = issue.type.replaceAll('_', ' ');
  return `Invalid ${field ? `${field} (${rule})` : `input (${rule})`}.`;
}

/** Parses input with a shared schema; a failure is a 400 carrying the schema's first message. */
export function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input ?? {}, { message: ruleMessage });
  if (!result.success) throw badRequest(result.issues[0]?.message ?? Messages.invalidInput);
  return result.output;
}

/** Refuses, before any route reads it, input that holds a NUL character anywhere. */
export function refuseNulInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw badRequest(Messages.nulCharacter);
    }
  });
}
