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

/** The text of each item of a kept answer's array, cut from its JSON; null where it could not be. */
const keptItemTexts = new WeakMap<object, { field: string; texts: string[] } | null>();

/**
 * `value` as `serialize` writes it, each item of its array `field` that is the very object at the
 * same place in `kept.value` (a kept answer, `kept.json` its text) copied as text from `kept.json`,
 * the others written by `serializeItem`: a member's page of a long thread shares most of its text
 * with the visitors'. The kept text is cut into items once per kept answer. Undefined when the kept
 * text is not laid out as `serialize` and `serializeItem` write it: then serialise `value` whole.
 */
export function serializeWithKeptItems<T extends object>(
  serialize: Serialize<T>,
  serializeItem: Serialize<Record<string, unknown>>,
  value: T,
  field: keyof T & string,
  kept: { value: T; json: string },
): string | undefined {
  const items: unknown = value[field];
  const keptItems: unknown = kept.value[field];
  if (!Array.isArray(items) || !Array.isArray(keptItems)) return undefined;
  const write = (item: unknown) => serializeItem(item as Record<string, unknown>);
  // Around the array: the answer with none in it, cut inside its brackets. A key is written as
  // `"name":`, which a string value's escaped quotes never spell.
  const marker = `"${field}":[]`;
  const around = (of: T): [string, string] | undefined => {
    const shell = serialize({ ...of, [field]: [] });
    const at = shell.indexOf(marker);
    if (at < 0 || shell.includes(marker, at + 1)) return undefined;
    const cut = at + marker.length - 1;
    return [shell.slice(0, cut), shell.slice(cut)];
  };
  let cut = keptItemTexts.get(kept.value);
  if (cut === undefined || (cut !== null && cut.field !== field)) {
    const texts = cutItems(kept.json, around(kept.value), keptItems.map(write));
    cut = texts && { field, texts };
    keptItemTexts.set(kept.value, cut);
  }
  const own = around(value);
  if (!cut || !own) return undefined;
  const { texts } = cut;
  return own[0] + items.map((item, at) => (item === keptItems[at] ? texts[at]! : write(item))).join(',') + own[1];
}

/** The items' texts as slices of `json`, when it is `head`, the texts joined by commas, and `tail`. */
function cutItems(json: string, around: [string, string] | undefined, texts: string[]): string[] | null {
  if (!around) return null;
  const [head, tail] = around;
  if (json.length < head.length + tail.length || !json.startsWith(head) || !json.endsWith(tail)) return null;
  if (json.slice(head.length, json.length - tail.length) !== texts.join(',')) return null;
  let at = head.length;
  return texts.map((text) => {
    const slice = json.slice(at, at + text.length);
    at += text.length + 1;
    return slice;
  });
}

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
