import { createContext, useContext } from 'react';

/** A post or a comment that can be saved to a list or reported. */
export interface ContentTarget {
  type: 'post' | 'comment';
  id: string;
  /** Whose it is: nobody reports their own. */
  authorId: string;
}

export interface ContentActions {
  /** Opens the Save to list modal (the login prompt for visitors). */
  save: (target: ContentTarget) => void;
  /** Opens the Report modal (the login prompt for visitors). */
  report: (target: ContentTarget) => void;
}

const ContentActionsContext = createContext<ContentActions | null>(null);

/** Given by the layout, which owns the one Save to list modal and the one Report modal. */
export const ContentActionsProvider = ContentActionsContext.Provider;

/** Save and Report for the menus of posts and comments. */
export function useContentActions(): ContentActions {
  const actions = useContext(ContentActionsContext);
  if (!actions) throw new Error('useContentActions needs a ContentActionsProvider.');
  return actions;
}
