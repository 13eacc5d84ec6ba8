// JSON schemas that answers are serialised with (fast-json-stringify, through Fastify's
// serializer compiler). A schema leaves out every field it does not name, so each one is typed
// by the shared type it serialises: a field the type has and its schema lacks, or a schema whose
// kind of value differs from the type's, does not compile.
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastJson from 'fast-json-stringify';

declare const valueType: unique symbol;

/** A JSON schema for values of type T. */
export interface AnswerSchema<T> {
  // Typed both ways, so that a schema fits only its own type: a schema of `string` fits neither
  // a field that may be null nor one of a few known words. Only the type checker sees it.
  readonly [valueType]: (value: T) => T;
}

/** A field that may be left out, and the schema of its value. */
interface OptionalField<T> {
  readonly optional: AnswerSchema<T>;
}

/** A schema for each field of T, wrapped in `optional(…)` for those T may leave out. */
export type Fields<T> = {
  // A field is optional when an object without it still fits: `{}` fits Pick<T, K>.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the empty type is the test itself
  [K in keyof T]-?: {} extends Pick<T, K> ? OptionalField<Exclude<T[K], undefined>> : AnswerSchema<T[K]>;
};

const schema = <T>(json: object): AnswerSchema<T> => json as AnswerSchema<T>;

export const string = schema<string>({ type: 'string' });
export const number = schema<number>({ type: 'number' });
export const boolean = schema<boolean>({ type: 'boolean' });

/** One of a few known words. */
export const oneOf = <const T extends string>(values: readonly T[]) => schema<T>({ type: 'string', enum: values });

/** Always this value. */
export const constant = <const T extends string | boolean>(value: T) => schema<T>({ type: typeof value, const: value });

export const nullable = <T>(of: AnswerSchema<T>) => schema<T | null>({ ...of, nullable: true });

export const array = <T>(items: AnswerSchema<T>) => schema<T[]>({ type: 'array', items });

export const optional = <T>(of: AnswerSchema<T>): OptionalField<T> => ({ optional: of });

/** An object with exactly T's fields; those not optional must be present. */
export function object<T>(fields: Fields<T>): AnswerSchema<T> {
  const entries = Object.entries(fields as Record<string, AnswerSchema<unknown> | OptionalField<unknown>>);
  return schema<T>({
    type: 'object',
    properties: Object.fromEntries(entries.map(([name, field]) => [name, 'optional' in field ? field.optional : field])),
    required: entries.filter(([, field]) => !('optional' in field)).map(([name]) => name),
  });
}

type Tag<T, K extends keyof T> = T[K] & string;

/** One of several kinds of object told apart by the word in their field K: the schema of each kind, by that word. */
export function tagged<T, K extends keyof T & string>(kinds: { [V in Tag<T, K>]: AnswerSchema<Extract<T, Record<K, V>>> }): AnswerSchema<T> {
  return schema<T>((Object.values(kinds) as JsonSchema[]).reduce(mergeKinds));
}

/** One of two kinds of object. */
export const either = <A extends object, B extends object>(a: AnswerSchema<A>, b: AnswerSchema<B>) =>
  schema<A | B>(mergeKinds(a as unknown as JsonSchema, b as unknown as JsonSchema));

interface JsonSchema {
  type: string;
  nullable?: boolean;
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
}

/**
 * A schema fitting values of both kinds: each field either kind has, required where both require
 * it. The serializer writes the fields a value has, so each kind comes out whole, and it needs no
 * validator to tell the kinds apart (those that fast-json-stringify would use for anyOf or
 * if/then/else cost megabytes each).
 */
function mergeKinds(a: JsonSchema, b: JsonSchema): JsonSchema {
  if (isDeepStrictEqual(a, b)) return a;
  if (a.type !== b.type) throw new Error(`Kinds of one value must be of one type, not ${a.type} and ${b.type}`);
  const merged: JsonSchema = { type: a.type };
  if (a.nullable || b.nullable) merged.nullable = true;
  // The words of two kinds' tags differ: the field is then any word.
  if (a.const !== undefined && a.const === b.const) merged.const = a.const;
  if (a.items && b.items) merged.items = mergeKinds(a.items, b.items);
  if (a.properties && b.properties) {
    const properties = { ...a.properties };
    for (const [name, field] of Object.entries(b.properties)) properties[name] = properties[name] ? mergeKinds(properties[name], field) : field;
    merged.properties = properties;
    merged.required = (a.required ?? []).filter((name) => b.required?.includes(name));
  }
  return merged;
}

/** Nothing: the answer has no body. */
export const noBody = schema<undefined>({ type: 'null' });

/** A route's schema: it answers with `answer`, whatever its 2xx code. */
export const sends = <T>(answer: AnswerSchema<T>) => ({ response: { '2xx': answer } });

/** Refuses to add a route of `app` that does not say what it answers. */
export function requireAnswerSchemas(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.schema?.response) throw new Error(`${String(route.method)} ${route.url} has no schema for its answers`);
  });
}

export type Serialize<T> = (value: T) => string;

/** How `reply`'s route serialises its answers (with the app's serializers, which make text). */
export const routeSerializer = (reply: FastifyReply): Serialize<unknown> => (value) => reply.serialize(value) as string;

/** The serializer of `answer`, compiled once per route as the route's own are. */
export const serializerFor = <T>(reply: FastifyReply, answer: AnswerSchema<T>): Serialize<T> =>
  reply.compileSerializationSchema(answer as never) as unknown as Serialize<T>;

const serializers = new WeakMap<object, Serialize<never>>();

/**
 * The serializer of a schema, compiled once, when first used. Checked, it also serialises each value the plain way
 * and throws when the two differ: a field the schema left out, or a value of another kind than
 * its schema says.
 */
export function serializerOf<T>(answerSchema: AnswerSchema<T>, { checked = false } = {}): Serialize<T> {
  if (checked) return checkedSerializer(serializerOf(answerSchema));
  let serialize = serializers.get(answerSchema) as Serialize<T> | undefined;
  if (!serialize) {
    // Compiled when first used: a server holds the code of the answers it sends, not of them all.
    let compiled: Serialize<T> | undefined;
    serialize = (value) => (compiled ??= fastJson(answerSchema as object) as Serialize<T>)(value);
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
