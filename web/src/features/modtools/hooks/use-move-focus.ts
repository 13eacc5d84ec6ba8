import { useLayoutEffect, useRef } from 'react';

export type MoveDirection = 'up' | 'down';

interface PendingMove {
  id: string;
  direction: MoveDirection;
}

/**
 * Keeps the keyboard on a row's Move buttons while it moves. The row keeps its buttons (rows are
 * keyed by id), but a button disappears or turns disabled at the top or the bottom of the list:
 * focus then goes to the row's other Move button. The focus is set when the list is drawn in its
 * new order, whenever the answer that brings it arrives.
 */
export function useMoveFocus(list: string, rows: readonly { id: string }[] | undefined) {
  const pending = useRef<PendingMove | null>(null);
  const order = rows?.map((row) => row.id).join(' ');

  useLayoutEffect(() => {
    const move = pending.current;
    if (!move) return;
    pending.current = null;
    const active = document.activeElement;
    if (active && active !== document.body && !(active instanceof HTMLElement && active.dataset.move?.startsWith(`${list}:`))) return;
    const find = (which: MoveDirection) =>
      document.querySelector<HTMLButtonElement>(`[data-move="${CSS.escape(`${list}:${move.id}:${which}`)}"]:not(:disabled)`);
    (find(move.direction) ?? find(move.direction === 'up' ? 'down' : 'up'))?.focus();
  }, [list, order]);

  return {
    moveButtonProps: (id: string, direction: MoveDirection) => ({ 'data-move': `${list}:${id}:${direction}` }),
    /** Called as a move is sent: the focus follows the row once the list shows its new order. */
    followMove: (id: string, direction: MoveDirection) => {
      pending.current = { id, direction };
    },
    /** Called when a move fails: nothing moves, the focus stays. */
    forgetMove: () => {
      pending.current = null;
    },
  };
}
