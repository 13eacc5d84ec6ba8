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
  // A field is optional when an empty object has all T's fields of that one name.
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

/**
 * One of several kinds of object told apart by the word in their field `key`: the schema of each
 * kind, by that word.
 */
export function tagged<T, K extends keyof T & string>(key: K, kinds: { [V in Tag<T, K>]: AnswerSchema<Extract<T, Record<K, V>>> }): AnswerSchema<T> {
  const cases = Object.entries(kinds as Record<string, object>);
  const last = cases.pop();
  if (!last) throw new Error('a tagged schema needs a kind');
  // if / then / else, word by word: the last kind is what is left.
  const chain = cases.reduceRight<object>(
    (otherwise, [word, then]) => ({ if: { type: 'object', properties: { [key]: { const: word } } }, then, else: otherwise }),
    last[1],
  );
  return schema<T>({ type: 'object', ...chain });
}

/** One of two kinds of object: the first when the value has every field the first requires, else the second. */
export function either<A extends object, B extends object>(a: AnswerSchema<A>, b: AnswerSchema<B>): AnswerSchema<A | B> {
  const { required } = a as { required?: string[] };
  if (!required?.length) throw new Error('either() tells kinds apart by the fields the first requires');
  return schema<A | B>({ if: { type: 'object', required }, then: a, else: b });
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
 * The serializer of a schema, compiled once. Checked, it also serialises each value the plain way
 * and throws when the two differ: a field the schema left out, or a value of another kind than
 * its schema says.
 */
export function serializerOf<T>(answerSchema: AnswerSchema<T>, { checked = false } = {}): Serialize<T> {
  if (checked) return checkedSerializer(serializerOf(answerSchema));
  let serialize = serializers.get(answerSchema) as Serialize<T> | undefined;
  if (!serialize) {
    serialize = fastJson(answerSchema as object) as Serialize<T>;
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
