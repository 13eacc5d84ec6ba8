import { useLayoutEffect, type RefObject } from 'react';

/** Grows a textarea with its text, so that nothing scrolls inside it; it never shrinks below its rows. */
export function useAutoGrow(ref: RefObject<HTMLTextAreaElement | null>, value: string): void {
  useLayoutEffect(() => {
    const textarea = ref.current;
    if (!textarea) return;
    textarea.style.height = 'auto';
    const border = textarea.offsetHeight - textarea.clientHeight;
    textarea.style.height = `${textarea.scrollHeight + border}px`;
  }, [ref, value]);
}
