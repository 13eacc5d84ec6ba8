import { useCallback } from 'react';

export type MoveDirection = 'up' | 'down';

/**
 * Keeps the keyboard on a row's Move buttons while it moves. The row keeps its buttons (rows are
 * keyed by id), but a button disappears or turns disabled at the top or the bottom of the list:
 * focus then goes to the row's other Move button.
 */
export function useMoveFocus(list: string) {
  const moveButtonProps = (id: string, direction: MoveDirection) => ({ 'data-move': `${list}:${id}:${direction}` });
  const refocus = useCallback(
    (id: string, direction: MoveDirection) => {
      const find = (which: MoveDirection) =>
        document.querySelector<HTMLButtonElement>(`[data-move="${CSS.escape(`${list}:${id}:${which}`)}"]:not(:disabled)`);
      // After the list has drawn the row in its new place.
      requestAnimationFrame(() => {
        const active = document.activeElement;
        if (active && active !== document.body && !(active instanceof HTMLElement && active.dataset.move?.startsWith(`${list}:`))) return;
        (find(direction) ?? find(direction === 'up' ? 'down' : 'up'))?.focus();
      });
    },
    [list],
  );
  return { moveButtonProps, refocus };
}
