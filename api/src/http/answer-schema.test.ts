import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  array, constant, either, nullable, number, object, oneOf, optional, requireAnswerSchemas, sends, serializerOf, string, tagged,
} from './answer-schema.ts';

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

  it('tell the kinds of a tagged object apart by their tag', () => {
    type Result = { type: 'n'; n: number } | { type: 's'; s: string };
    const serialize = serializerOf(
      array(
        tagged<Result, 'type'>('type', {
          n: object({ type: constant('n'), n: number }),
          s: object({ type: constant('s'), s: string }),
        }),
      ),
      { checked: true },
    );
    const results: Result[] = [{ type: 'n', n: 1 }, { type: 's', s: 'one' }];
    expect(JSON.parse(serialize(results))).toEqual(results);
  });

  it('tell two kinds of object apart by the fields the first requires', () => {
    type Done = { success: true };
    const serialize = serializerOf(either(object<Done>({ success: constant(true) }), item), { checked: true });
    expect(serialize({ success: true })).toBe('{"success":true}');
    expect(JSON.parse(serialize({ id: 'x', count: 1, kind: 'a', note: null }))).toEqual({ id: 'x', count: 1, kind: 'a', note: null });
  });

  it('are required of every route of an app that asks for them', async () => {
    const app = Fastify();
    requireAnswerSchemas(app);
    app.get('/with', { schema: sends(item) }, async () => ({ id: 'x', count: 1, kind: 'a', note: null }));
    expect(() => app.get('/without', async () => ({}))).toThrow('GET /without has no schema for its answers');
    await app.close();
  });
});
