// Helpers that turn valibot results into the messages the API and the forms show.
import * as v from 'valibot';
import { Messages } from './errors.ts';

type AnySchema = v.GenericSchema;

/** The first message of a failed parse, or null when the input is valid. */
export function firstIssueMessage<S extends AnySchema>(schema: S, input: unknown): string | null {
  const result = v.safeParse(schema, input);
  return result.success ? null : (result.issues[0]?.message ?? Messages.invalidInput);
}

/** One message per field (the first), for forms that show errors beside their inputs. */
export function fieldErrors<S extends AnySchema>(schema: S, input: unknown): Record<string, string> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = issue.path?.map((p) => String(p.key)).join('.') ?? '';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
