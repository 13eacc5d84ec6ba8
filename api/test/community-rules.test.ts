import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Community, Rule } from '@quorum/shared/entities/communities';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { del, makeAdmin, makeCommunity, makeUser, put, visitor, type SignedUp } from './helpers/factories.ts';

let t: TestApp;
let admin: SignedUp;
let mod: SignedUp;
let community: Community;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeAdmin(t);
  mod = await makeUser(t);
  community = await makeCommunity(mod.browser);
});
afterAll(() => t.close());

const rulesUrl = (id = community.id) => `/api/communities/${id}/rules`;
const UNKNOWN_ID = '0190a0a0-0000-7000-8000-000000000000';

/** Adds a rule and picks it out of the answer, all the community's rules, where it comes last. */
async function addRule(rule: string, description: string | null = null): Promise<Rule> {
  const response = await mod.browser.post(rulesUrl(), { rule, description });
  expect(response.statusCode).toBe(201);
  const added = response.json<Rule[]>().at(-1);
  expect(added?.rule).toBe(rule);
  return added!;
}

async function listRules(): Promise<Rule[]> {
  const response = await (await visitor(t)).get(rulesUrl());
  expect(response.statusCode).toBe(200);
  return response.json();
}

const texts = (rules: Rule[]) => rules.map((r) => r.rule);

describe('POST /api/communities/:id/rules', () => {
  beforeEach(async () => {
    await t.sql`delete from community_rules where community_id = ${community.id}`;
  });

  it('answers 401 to visitors and 403 to users who do not moderate the community', async () => {
    expect((await (await visitor(t)).post(rulesUrl(), { rule: 'No spam' })).statusCode).toBe(401);
    const { browser } = await makeUser(t);
    const response = await browser.post(rulesUrl(), { rule: 'No spam' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: 403, code: 'forbidden', message: 'Forbidden.' });
    expect(await listRules()).toEqual([]);
  });

  it("answers the community's rules in their order, as GET does, the new one last", async () => {
    const first = await mod.browser.post(rulesUrl(), { rule: 'Be kind', description: 'No insults.' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual([{ id: expect.any(String), rule: 'Be kind', description: 'No insults.', zIndex: 0 }]);
    const second = await mod.browser.post(rulesUrl(), { rule: 'No spam' });
    expect(second.json()).toEqual([
      { id: first.json<Rule[]>()[0]!.id, rule: 'Be kind', description: 'No insults.', zIndex: 0 },
      { id: expect.any(String), rule: 'No spam', description: null, zIndex: 1 },
    ]);
    expect(second.json()).toEqual(await listRules());
  });

  it('adds rules at the end, in order, and shows them on the community', async () => {
    const first = await addRule('Be kind', 'No insults.');
    expect(first).toEqual({ id: expect.any(String), rule: 'Be kind', description: 'No insults.', zIndex: 0 });
    expect((await addRule('No spam')).zIndex).toBe(1);
    expect((await addRule('Stay on topic')).zIndex).toBe(2);
    const rules = await listRules();
    expect(rules.map((r) => [r.rule, r.zIndex])).toEqual([['Be kind', 0], ['No spam', 1], ['Stay on topic', 2]]);
    const shown: Community = (await (await visitor(t)).get(`/api/communities/${community.id}`)).json();
    expect(shown.rules).toEqual(rules);
  });

  it('lets an admin who is not a mod add a rule', async () => {
    const response = await admin.browser.post(rulesUrl(), { rule: 'Admins were here' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject([{ rule: 'Admins were here', zIndex: 0 }]);
  });

  it('gives simultaneous additions distinct places', async () => {
    const responses = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((rule) => mod.browser.post(rulesUrl(), { rule })));
    expect(responses.every((r) => r.statusCode === 201)).toBe(true);
    expect((await listRules()).map((r) => r.zIndex)).toEqual([0, 1, 2, 3, 4]);
  });

  it.each([
    ['no rule', { description: 'x' }, 'A rule is required.'],
    ['an empty rule', { rule: '' }, 'A rule is required.'],
    ['a blank rule', { rule: '   ' }, 'A rule is required.'],
    ['a rule of 513 characters', { rule: 'r'.repeat(513) }, 'A rule has to be at most 512 characters.'],
    ['a description of 513 characters', { rule: 'ok', description: 'd'.repeat(513) }, 'A description has to be at most 512 characters.'],
  ])('answers 400 for %s', async (_case, body, message) => {
    const response = await mod.browser.post(rulesUrl(), body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 400, code: 'bad_request', message });
  });

  it('accepts a rule and a description of 512 characters', async () => {
    const rule = await addRule('r'.repeat(512), 'd'.repeat(512));
    expect(rule.rule).toHaveLength(512);
    expect(rule.description).toHaveLength(512);
  });

  it('answers 404 for an unknown community', async () => {
    const response = await admin.browser.post(rulesUrl(UNKNOWN_ID), { rule: 'x' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Community not found.');
  });
});

describe('GET /api/communities/:id/rules', () => {
  it('answers 404 for an unknown or malformed community id', async () => {
    const browser = await visitor(t);
    for (const id of [UNKNOWN_ID, 'nope']) {
      const response = await browser.get(rulesUrl(id));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 404, code: 'not_found', message: 'Community not found.' });
    }
  });
});

describe('PUT /api/communities/:id/rules/:ruleId', () => {
  let rules: Rule[];
  beforeEach(async () => {
    await t.sql`delete from community_rules where community_id = ${community.id}`;
    rules = [];
    for (const text of ['A', 'B', 'C', 'D']) rules.push(await addRule(text));
  });

  const ruleUrl = (rule: Rule) => `${rulesUrl()}/${rule.id}`;

  it('answers 401 to visitors and 403 to users who do not moderate the community', async () => {
    const rule = rules[0]!;
    expect((await put(await visitor(t), ruleUrl(rule), { rule: 'X' })).statusCode).toBe(401);
    const { browser } = await makeUser(t);
    expect((await put(browser, ruleUrl(rule), { rule: 'X', zIndex: 3 })).statusCode).toBe(403);
    expect(texts(await listRules())).toEqual(['A', 'B', 'C', 'D']);
  });

  it('changes the text and keeps the place when no zIndex is given', async () => {
    const response = await put(mod.browser, ruleUrl(rules[1]!), { rule: 'B2', description: 'Now described.' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: rules[1]!.id, rule: 'B2', description: 'Now described.', zIndex: 1 });
  });

  it('moves a rule down and the ones between up', async () => {
    const response = await put(mod.browser, ruleUrl(rules[0]!), { rule: 'A', zIndex: 2 });
    expect(response.json().zIndex).toBe(2);
    const after = await listRules();
    expect(after.map((r) => [r.rule, r.zIndex])).toEqual([['B', 0], ['C', 1], ['A', 2], ['D', 3]]);
  });

  it('moves a rule up and the ones between down', async () => {
    await put(mod.browser, ruleUrl(rules[3]!), { rule: 'D', zIndex: 0 });
    expect((await listRules()).map((r) => [r.rule, r.zIndex])).toEqual([['D', 0], ['A', 1], ['B', 2], ['C', 3]]);
  });

  it('puts a rule moved past the end last', async () => {
    const response = await put(mod.browser, ruleUrl(rules[1]!), { rule: 'B', zIndex: 99 });
    expect(response.json().zIndex).toBe(3);
    expect((await listRules()).map((r) => [r.rule, r.zIndex])).toEqual([['A', 0], ['C', 1], ['D', 2], ['B', 3]]);
  });

  it('lets an admin who is not a mod move a rule', async () => {
    const response = await put(admin.browser, ruleUrl(rules[2]!), { rule: 'C', zIndex: 0 });
    expect(response.statusCode).toBe(200);
    expect(texts(await listRules())).toEqual(['C', 'A', 'B', 'D']);
  });

  it.each([
    ['an empty rule', { rule: '' }, 'A rule is required.'],
    ['a rule of 513 characters', { rule: 'r'.repeat(513) }, 'A rule has to be at most 512 characters.'],
    ['a description of 513 characters', { rule: 'A', description: 'd'.repeat(513) }, 'A description has to be at most 512 characters.'],
    ['a negative zIndex', { rule: 'A', zIndex: -1 }, 'zIndex has to be a whole number of 0 or more.'],
    ['a fractional zIndex', { rule: 'A', zIndex: 1.5 }, 'zIndex has to be a whole number of 0 or more.'],
  ])('answers 400 for %s', async (_case, body, message) => {
    const response = await put(mod.browser, ruleUrl(rules[0]!), body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 400, code: 'bad_request', message });
  });

  it('answers 404 for an unknown rule and for a rule of another community', async () => {
    const other = await makeCommunity(mod.browser);
    const [foreign] = (await mod.browser.post(rulesUrl(other.id), { rule: 'Elsewhere' })).json<Rule[]>();
    for (const url of [`${rulesUrl()}/${UNKNOWN_ID}`, `${rulesUrl()}/nope`, `${rulesUrl()}/${foreign!.id}`]) {
      const response = await put(mod.browser, url, { rule: 'X', zIndex: 0 });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 404, code: 'not_found', message: 'Rule not found.' });
    }
    expect((await (await visitor(t)).get(rulesUrl(other.id))).json()).toEqual([foreign]);
    expect(texts(await listRules())).toEqual(['A', 'B', 'C', 'D']);
  });
});

describe('DELETE /api/communities/:id/rules/:ruleId', () => {
  let rules: Rule[];
  beforeEach(async () => {
    await t.sql`delete from community_rules where community_id = ${community.id}`;
    rules = [];
    for (const text of ['A', 'B', 'C']) rules.push(await addRule(text));
  });

  it('answers 401 to visitors and 403 to users who do not moderate the community', async () => {
    expect((await del(await visitor(t), `${rulesUrl()}/${rules[0]!.id}`)).statusCode).toBe(401);
    const { browser } = await makeUser(t);
    expect((await del(browser, `${rulesUrl()}/${rules[0]!.id}`)).statusCode).toBe(403);
    expect(texts(await listRules())).toEqual(['A', 'B', 'C']);
  });

  it('deletes a rule with 204 and closes the gap', async () => {
    const response = await del(mod.browser, `${rulesUrl()}/${rules[0]!.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await listRules()).map((r) => [r.rule, r.zIndex])).toEqual([['B', 0], ['C', 1]]);
    expect((await addRule('D')).zIndex).toBe(2);
  });

  it('lets an admin delete, and answers 404 the second time', async () => {
    expect((await del(admin.browser, `${rulesUrl()}/${rules[1]!.id}`)).statusCode).toBe(204);
    const again = await del(admin.browser, `${rulesUrl()}/${rules[1]!.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Rule not found.');
    expect((await listRules()).map((r) => [r.rule, r.zIndex])).toEqual([['A', 0], ['C', 1]]);
  });

  it('answers 404 for a rule of another community and leaves it alone', async () => {
    const other = await makeCommunity(mod.browser);
    const [foreign] = (await mod.browser.post(rulesUrl(other.id), { rule: 'Elsewhere' })).json<Rule[]>();
    expect((await del(mod.browser, `${rulesUrl()}/${foreign!.id}`)).statusCode).toBe(404);
    expect((await (await visitor(t)).get(rulesUrl(other.id))).json()).toEqual([foreign]);
  });

  it('answers 404 for an unknown community', async () => {
    const response = await del(admin.browser, `${rulesUrl(UNKNOWN_ID)}/${rules[0]!.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Community not found.');
  });
});
