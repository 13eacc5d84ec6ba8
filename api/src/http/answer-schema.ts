// How answers are serialised: with the schema of the entity they send (packages/shared/src/entities,
// whose TypeScript types are derived from the same schemas), through fast-json-stringify and
// Fastify's serializer compiler. A schema leaves out every field it does not name.
import { isDeepStrictEqual } from 'node:util';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastJson from 'fast-json-stringify';

/** Nothing: the answer has no body. */
export const noBody = Type.Null();

/** A route's schema: it answers with `answer`, whatever its 2xx code. */
export const sends = (answer: TSchema) => ({ response: { '2xx': answer } });

/** Refuses to add a route of `app` that does not say what it answers. */
export function requireAnswerSchemas(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.schema?.response) throw new Error(`${String(route.method)} ${route.url} has no schema for its answers`);
  });
}

export type Serialize<T> = (value: T) => string;

/** How `reply`'s route serialises its answers (with the app's serializers, which make text). */
export const routeSerializer = (reply: FastifyReply): Serialize<unknown> => (value) => reply.serialize(value) as string;

const serializers = new WeakMap<object, Serialize<never>>();

/**
 * The serializer of a schema, compiled once, when first used. Checked, it also serialises each value the plain way
 * and throws when the two differ: a field the schema left out, or a value of another kind than
 * its schema says.
 */
export function serializerOf<T extends TSchema>(answerSchema: T, { checked = false } = {}): Serialize<Static<T>> {
  if (checked) return checkedSerializer(serializerOf(answerSchema));
  let serialize = serializers.get(answerSchema) as Serialize<Static<T>> | undefined;
  if (!serialize) {
    // Compiled when first used: a server holds the code of the answers it sends, not of them all.
    let compiled: Serialize<Static<T>> | undefined;
    serialize = (value) => (compiled ??= fastJson(answerSchema as object) as Serialize<Static<T>>)(value);
    serializers.set(answerSchema, serialize);
  }
  return serialize;
}

function checkedSerializer<T>(serialize: Serialize<T>): Serialize<T> {
  return (value) => {
    const json = serialize(value);
    const plain = JSON.stringify(value);
    const expected: unknown = plain === undefined ? undefined : JSON.parse(plain);
    const got: unknown = JSON.parse(json);
    const difference = firstDifference(expected, got, '');
    if (difference !== null) throw new Error(`The answer's schema changes it at ${difference || 'its root'}`);
    return json;
  };
}

/** Where `b` first differs from `a`, as a path such as `/posts/3/author`; null where they agree. */
function firstDifference(a: unknown, b: unknown, path: string): string | null {
  if (isDeepStrictEqual(a, b)) return null;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return path;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const found = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}/${key}`);
    if (found !== null) return found;
  }
  return path;
}
