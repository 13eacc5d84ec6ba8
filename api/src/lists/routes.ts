import type { FastifyPluginAsync } from 'fastify';
import { listBody, listItemBody, listItemsQuery, listsQuery, savedToQuery, updateListBody } from '@quorum/shared/schemas/lists';
import { Messages } from '@quorum/shared/errors';
import { List, ListItemsPage, Lists } from '@quorum/shared/entities/lists';
import { Strings, Success } from '@quorum/shared/entities/schema';
import { requireUser } from '../auth/plugin.ts';
import type { Sql } from '../db/connect.ts';
import { sends } from '../http/answer-schema.ts';
import { notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import {
  addListItem, assertOwnList, createList, editList, loadListById, loadListByName, loadListOwner, removeListItem,
} from './actions.ts';
import { loadListItems } from './items.ts';
import { presentList } from './present.ts';
import * as q from './queries.ts';

type UserParams = { Params: { username: string } };
type NamedParams = { Params: { username: string; listName: string } };
type IdParams = { Params: { id: string } };

const listsRoutes: FastifyPluginAsync<{ sql: Sql }> = async (app, { sql }) => {
  const write = { config: { limit: 'listWrite' as const } };
  // Saving and unsaving can be queued offline and sent again.
  const savedWrite = { config: { ...write.config, idempotent: true } };

  /** A list as it is now, after a change. */
  async function reloaded(id: string): Promise<List> {
    const list = await q.getListById(sql, id);
    if (!list) throw notFound(Messages.listNotFound);
    return presentList(list);
  }

  app.get<UserParams>('/users/:username/lists', { schema: sends(Lists) }, async (request): Promise<List[]> => {
    const query = parse(listsQuery, request.query);
    const owner = await loadListOwner(sql, request.params.username);
    const lists = await q.listUserLists(sql, owner.id, query, request.user?.id === owner.id);
    return lists.map(presentList);
  });

  /** Answers all the owner's lists, as GET does for them: the new one first. */
  app.post<UserParams>('/users/:username/lists', { ...write, schema: sends(Lists) }, async (request, reply) => {
    const user = requireUser(request);
    await createList(sql, user, request.params.username, parse(listBody, request.body));
    const lists = await q.listOwnLists(sql, user.id);
    return reply.code(201).send(lists.map(presentList));
  });

  app.get<NamedParams>('/users/:username/lists/:listName', { schema: sends(List) }, async (request): Promise<List> =>
    presentList(await loadListByName(sql, request.params.username, request.params.listName, request.user)));

  app.delete<NamedParams>('/users/:username/lists/:listName', { ...write, schema: sends(Success) }, async (request) => {
    const user = requireUser(request);
    const list = await loadListByName(sql, request.params.username, request.params.listName, user);
    assertOwnList(list, user);
    await q.deleteList(sql, list.id);
    return { success: true };
  });

  app.get<NamedParams>('/users/:username/lists/:listName/items', { schema: sends(ListItemsPage) }, async (request): Promise<ListItemsPage> => {
    const { next } = parse(listItemsQuery, request.query);
    const list = await loadListByName(sql, request.params.username, request.params.listName, request.user);
    return loadListItems(sql, list.id, request.user, next);
  });

  /** Empties the list. */
  app.delete<NamedParams>('/users/:username/lists/:listName/items', { ...write, schema: sends(List) }, async (request): Promise<List> => {
    const user = requireUser(request);
    const list = await loadListByName(sql, request.params.username, request.params.listName, user);
    assertOwnList(list, user);
    await q.clearListItems(sql, list.id);
    return reloaded(list.id);
  });

  app.get('/lists/_saved_to', { schema: sends(Strings) }, async (request): Promise<string[]> => {
    const user = requireUser(request);
    const query = parse(savedToQuery, request.query);
    return q.listSavedTo(sql, user.id, query.type, query.id);
  });

  app.get<IdParams>('/lists/:id', { schema: sends(List) }, async (request): Promise<List> => presentList(await loadListById(sql, request.params.id, request.user)));

  app.put<IdParams>('/lists/:id', { ...write, schema: sends(List) }, async (request): Promise<List> => {
    const user = requireUser(request);
    const list = await loadListById(sql, request.params.id, user);
    assertOwnList(list, user);
    await editList(sql, list, parse(updateListBody, request.body));
    return reloaded(list.id);
  });

  app.delete<IdParams>('/lists/:id', { ...write, schema: sends(Success) }, async (request) => {
    const user = requireUser(request);
    const list = await loadListById(sql, request.params.id, user);
    assertOwnList(list, user);
    await q.deleteList(sql, list.id);
    return { success: true };
  });

  app.post<IdParams>('/lists/:id/items', { ...savedWrite, schema: sends(List) }, async (request, reply) => {
    const user = requireUser(request);
    const list = await loadListById(sql, request.params.id, user);
    assertOwnList(list, user);
    const item = parse(listItemBody, request.body);
    await addListItem(sql, list, item.targetType, item.targetId);
    return reply.code(201).send(await reloaded(list.id));
  });

  app.delete<IdParams>('/lists/:id/items', { ...savedWrite, schema: sends(List) }, async (request): Promise<List> => {
    const user = requireUser(request);
    const list = await loadListById(sql, request.params.id, user);
    assertOwnList(list, user);
    const item = parse(listItemBody, request.body);
    await removeListItem(sql, list, item.targetType, item.targetId);
    return reloaded(list.id);
  });
};

export default listsRoutes;
