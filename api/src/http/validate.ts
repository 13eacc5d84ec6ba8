import * as v from 'valibot';
import { Messages } from '@quorum/shared/errors';
import { badRequest } from './errors.ts';

/** Parses input with a shared schema; a failure is a 400 carrying the schema's first message. */
export function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input ?? {});
  if (!result.success) throw badRequest(result.issues[0]?.message ?? Messages.invalidInput);
  return result.output;
}
