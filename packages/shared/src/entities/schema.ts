// What the answer schemas are made of, over TypeBox: each entity is one schema, from which both its
// TypeScript type (`Static`) and the JSON Schema that serialises it (fast-json-stringify, in the
// API) come. A schema names every field it sends; fields it does not name are never sent.
//
// Three shapes are written out by hand rather than as TypeBox's unions, which the serializer would
// answer with a validator each (megabytes for unions of objects): a value or null (`nullable`),
// one of a few words (`enum`), and one of several kinds of object (every field any kind has).
import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';

/** The schema's value, or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Unsafe<Static<T> | null>({ ...schema, nullable: true });

/** One of a few known words. */
export const OneOf = <const V extends readonly string[]>(values: V) => Type.Unsafe<V[number]>({ type: 'string', enum: values });

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
 * it. The serializer writes the fields a value has, so each kind comes out whole.
 */
function mergeKinds(a: JsonSchema, b: JsonSchema): JsonSchema {
  if (JSON.stringify(a) === JSON.stringify(b)) return a;
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

/** One of several kinds of object (told apart by a tag field, or by their fields). */
export const AnyKind = <const K extends readonly TObject[]>(...kinds: K) =>
  Type.Unsafe<Static<K[number]>>((kinds as unknown as JsonSchema[]).reduce(mergeKinds));

/** The answer of a write that has nothing else to say. */
export const Success = Type.Object({ success: Type.Literal(true) });
export type Success = Static<typeof Success>;

export const Strings = Type.Array(Type.String());

/** A page of a list read with a cursor: `next` is null at the end. */
export const Next = Nullable(Type.String());
