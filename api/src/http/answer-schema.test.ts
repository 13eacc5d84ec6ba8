import Fastify from 'fastify';
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import {
  array, constant, either, nullable, number, object, oneOf, optional, requireAnswerSchemas, sends, serializerOf, string, tagged,
} from './answer-schema.ts';
import * as answers from './answers.ts';

interface Item {
  id: string;
  count: number;
  kind: 'a' | 'b';
  note: string | null;
  tags?: string[];
}

const item = object<Item>({ id: string, count: number, kind: oneOf(['a', 'b']), note: nullable(string), tags: optional(array(string)) });

describe('answer schemas', () => {
  it('serialise the fields they name, leave the others out, and refuse a missing required field', () => {
    const serialize = serializerOf(item);
    const extra = { id: 'x', count: 2, kind: 'a', note: null, secret: 'hash' } as Item;
    expect(JSON.parse(serialize(extra))).toEqual({ id: 'x', count: 2, kind: 'a', note: null });
    expect(JSON.parse(serialize({ id: 'x', count: 2, kind: 'b', note: 'n', tags: ['t'] }))).toEqual({ id: 'x', count: 2, kind: 'b', note: 'n', tags: ['t'] });
    expect(() => serialize({ id: 'x', kind: 'a', note: null } as unknown as Item)).toThrow(/count/);
  });

  it('when checked, throw where the schema would change the answer, naming the place', () => {
    const serialize = serializerOf(object<{ items: Item[] }>({ items: array(item) }), { checked: true });
    const good = { items: [{ id: 'x', count: 2, kind: 'a' as const, note: null }] };
    expect(serialize(good)).toBe(serializerOf(object<{ items: Item[] }>({ items: array(item) }))(good));
    const leftOut = { items: [{ ...good.items[0], secret: 'hash' }] } as unknown as { items: Item[] };
    expect(() => serialize(leftOut)).toThrow("The answer's schema changes it at /items/0/secret");
    const otherKind = { items: [{ ...good.items[0], count: '2' }] } as unknown as { items: Item[] };
    expect(() => serialize(otherKind)).toThrow('at /items/0/count');
  });

  it('serialise each kind of a tagged object whole, its own tag included, and require what every kind requires', () => {
    type Result = { type: 'n'; n: number; at: string } | { type: 's'; s: string; at: string };
    const serialize = serializerOf(
      array(
        tagged<Result, 'type'>({
          n: object({ type: constant('n'), n: number, at: string }),
          s: object({ type: constant('s'), s: string, at: string }),
        }),
      ),
      { checked: true },
    );
    const results: Result[] = [{ type: 'n', n: 1, at: 'a' }, { type: 's', s: 'one', at: 'b' }];
    expect(JSON.parse(serialize(results))).toEqual(results);
    expect(() => serialize([{ type: 'n', n: 1 } as Result])).toThrow(/at/);
  });

  it('serialise either of two kinds of object whole', () => {
    type Done = { success: true };
    const serialize = serializerOf(either(object<Done>({ success: constant(true) }), item), { checked: true });
    expect(serialize({ success: true })).toBe('{"success":true}');
    expect(JSON.parse(serialize({ id: 'x', count: 1, kind: 'a', note: null }))).toEqual({ id: 'x', count: 1, kind: 'a', note: null });
  });

  it('refuse kinds of one value that are of different types', () => {
    expect(() => either(object<{ a: string }>({ a: string }), object<{ a: number[] }>({ a: array(number) }))).toThrow(
      'Kinds of one value must be of one type, not string and array',
    );
  });

  it('are required of every route of an app that asks for them', async () => {
    const app = Fastify();
    requireAnswerSchemas(app);
    app.get('/with', { schema: sends(item) }, async () => ({ id: 'x', count: 1, kind: 'a', note: null }));
    expect(() => app.get('/without', async () => ({}))).toThrow('GET /without has no schema for its answers');
    await app.close();
  });

  it('of every answer compile', () => {
    // Serializers are compiled when first used, so a schema that cannot be compiled would show only then.
    for (const [name, answer] of Object.entries(answers)) expect(() => fastJson(answer as object), name).not.toThrow();
  });
});
