import { readdirSync } from 'node:fs';
import { Type, type Static } from '@sinclair/typebox';
import Fastify from 'fastify';
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { AnyKind, Nullable, OneOf, Success } from '@quorum/shared/entities/schema';
import { requireAnswerSchemas, sends, serializeWithKeptItems, serializerOf } from './answer-schema.ts';

const Item = Type.Object({
  id: Type.String(),
  count: Type.Number(),
  kind: OneOf(['a', 'b']),
  note: Nullable(Type.String()),
  tags: Type.Optional(Type.Array(Type.String())),
});
type Item = Static<typeof Item>;

describe('answer schemas', () => {
  it('serialise the fields they name, leave the others out, and refuse a missing required field', () => {
    const serialize = serializerOf(Item);
    const extra = { id: 'x', count: 2, kind: 'a', note: null, secret: 'hash' } as Item;
    expect(JSON.parse(serialize(extra))).toEqual({ id: 'x', count: 2, kind: 'a', note: null });
    expect(JSON.parse(serialize({ id: 'x', count: 2, kind: 'b', note: 'n', tags: ['t'] }))).toEqual({ id: 'x', count: 2, kind: 'b', note: 'n', tags: ['t'] });
    expect(() => serialize({ id: 'x', kind: 'a', note: null } as unknown as Item)).toThrow(/count/);
  });

  it('when checked, throw where the schema would change the answer, naming the place', () => {
    const Items = Type.Object({ items: Type.Array(Item) });
    const serialize = serializerOf(Items, { checked: true });
    const good = { items: [{ id: 'x', count: 2, kind: 'a' as const, note: null }] };
    expect(serialize(good)).toBe(serializerOf(Items)(good));
    const leftOut = { items: [{ ...good.items[0], secret: 'hash' }] } as unknown as Static<typeof Items>;
    expect(() => serialize(leftOut)).toThrow("The answer's schema changes it at /items/0/secret");
    const otherKind = { items: [{ ...good.items[0], count: '2' }] } as unknown as Static<typeof Items>;
    expect(() => serialize(otherKind)).toThrow('at /items/0/count');
  });

  it('serialise each kind of a tagged object whole, its own tag included, and require what every kind requires', () => {
    const Result = AnyKind(
      Type.Object({ type: Type.Literal('n'), n: Type.Number(), at: Type.String() }),
      Type.Object({ type: Type.Literal('s'), s: Type.String(), at: Type.String() }),
    );
    const serialize = serializerOf(Type.Array(Result), { checked: true });
    const results: Static<typeof Result>[] = [{ type: 'n', n: 1, at: 'a' }, { type: 's', s: 'one', at: 'b' }];
    expect(JSON.parse(serialize(results))).toEqual(results);
    expect(() => serialize([{ type: 'n', n: 1 } as Static<typeof Result>])).toThrow(/at/);
  });

  it('serialise either of two kinds of object whole', () => {
    const serialize = serializerOf(AnyKind(Success, Item), { checked: true });
    expect(serialize({ success: true })).toBe('{"success":true}');
    expect(JSON.parse(serialize({ id: 'x', count: 1, kind: 'a', note: null }))).toEqual({ id: 'x', count: 1, kind: 'a', note: null });
  });

  it('refuse kinds of one value that are of different types', () => {
    expect(() => AnyKind(Type.Object({ a: Type.String() }), Type.Object({ a: Type.Array(Type.Number()) }))).toThrow(
      'Kinds of one value must be of one type, not string and array',
    );
  });

  it('are required of every route of an app that asks for them', async () => {
    const app = Fastify();
    requireAnswerSchemas(app);
    app.get('/with', { schema: sends(Item) }, async () => ({ id: 'x', count: 1, kind: 'a', note: null }));
    expect(() => app.get('/without', async () => ({}))).toThrow('GET /without has no schema for its answers');
    await app.close();
  });

  it('of every entity compile', async () => {
    // Serializers are compiled when first used, so a schema that cannot be compiled would show only then.
    const dir = new URL('../../../packages/shared/src/entities/', import.meta.url);
    const modules = readdirSync(dir).filter((name) => name.endsWith('.ts'));
    expect(modules.length).toBeGreaterThan(10);
    let schemas = 0;
    for (const name of modules) {
      const exported = (await import(new URL(name, dir).href)) as Record<string, unknown>;
      for (const [key, value] of Object.entries(exported)) {
        if (typeof value !== 'object' || value === null || !('type' in value)) continue;
        schemas += 1;
        expect(() => fastJson(value as object), `${name} ${key}`).not.toThrow();
      }
    }
    expect(schemas).toBeGreaterThan(40);
  });
});

describe('an answer with the kept text of its items', () => {
  const Thread = Type.Object({ title: Type.String(), items: Type.Array(Item), seen: Type.Boolean(), note: Nullable(Type.String()) });
  type Thread = Static<typeof Thread>;
  const serialize = serializerOf(Thread);
  const items: Item[] = [
    { id: 'a', count: 1, kind: 'a', note: 'says "items":[] in quotes' },
    { id: 'b', count: 2, kind: 'b', note: null, tags: ['x', 'y'] },
    { id: 'c', count: 3, kind: 'a', note: 'ünïcödé 🌊' },
  ];
  const kept = (value: Thread) => ({ value, json: serialize(value) });
  /** The item serializer, counting the items it writes. */
  const counted = () => {
    const written: string[] = [];
    const serializeItem = serializerOf(Item);
    return { written, write: (item: Record<string, unknown>) => (written.push(String(item.id)), serializeItem(item as Item)) };
  };

  it('is the answer serialised whole, the kept items copied and the others written anew', () => {
    const shared = kept({ title: 'Shared', items, seen: false, note: 'items: []' });
    const item = counted();
    const same: Thread = { ...shared.value, items: [...items], seen: true, title: 'Own "items":[]' };
    expect(serializeWithKeptItems(serialize, item.write, same, 'items', shared)).toBe(serialize(same));
    // The kept text is cut into items once; later answers write only the items that differ.
    expect(item.written).toEqual(['a', 'b', 'c']);
    const changed: Thread = { ...same, items: [items[0]!, { ...items[1]!, count: 20 }, items[2]!, { ...items[0]!, id: 'd' }] };
    const json = serializeWithKeptItems(serialize, item.write, changed, 'items', shared);
    expect(json).toBe(serialize(changed));
    expect(JSON.parse(json!)).toEqual(changed);
    expect(item.written).toEqual(['a', 'b', 'c', 'b', 'd']);
    const fewer: Thread = { ...same, items: [items[0]!] };
    expect(serializeWithKeptItems(serialize, item.write, fewer, 'items', shared)).toBe(serialize(fewer));
  });

  it('is the answer serialised whole when nothing is kept in the array', () => {
    const none = kept({ title: 'None', items: [], seen: false, note: null });
    const own = { ...none.value, seen: true, items: [items[1]!] };
    expect(serializeWithKeptItems(serialize, counted().write, own, 'items', none)).toBe(serialize(own));
  });

  it('is undefined when the kept text is not what the kept value serialises to', () => {
    const other = { value: { title: 'Shared', items, seen: false, note: null }, json: '{"title":"Other","items":[]}' };
    expect(serializeWithKeptItems(serialize, counted().write, other.value, 'items', other)).toBeUndefined();
    const shuffled = { value: { title: 'Shared', items, seen: false, note: null }, json: serialize({ title: 'Shared', items: [...items].reverse(), seen: false, note: null }) };
    expect(serializeWithKeptItems(serialize, counted().write, shuffled.value, 'items', shuffled)).toBeUndefined();
  });
});
