import { Type, type Static } from '@sinclair/typebox';
import { Comment } from './comments.ts';
import { Post } from './posts.ts';
import { AnyKind, Next, Nullable } from './schema.ts';

export const List = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  username: Type.String(),
  /** URL slug. */
  name: Type.String(),
  displayName: Type.String(),
  description: Nullable(Type.String()),
  public: Type.Boolean(),
  numItems: Type.Number(),
  createdAt: Type.String(),
  lastUpdatedAt: Type.String(),
});
export type List = Static<typeof List>;

export const Lists = Type.Array(List);

const listItemFields = { id: Type.String(), listId: Type.String(), targetId: Type.String(), createdAt: Type.String() };

export const ListItem = AnyKind(
  Type.Object({ ...listItemFields, targetType: Type.Literal('post'), targetItem: Post }),
  Type.Object({ ...listItemFields, targetType: Type.Literal('comment'), targetItem: Comment }),
);
export type ListItem = Static<typeof ListItem>;

/** GET …/lists/{listName}/items: newest first. */
export const ListItemsPage = Type.Object({ items: Type.Array(ListItem), next: Next });
export type ListItemsPage = Static<typeof ListItemsPage>;
