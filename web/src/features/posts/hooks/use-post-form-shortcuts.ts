import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Page-wide input for the post form: Ctrl+Enter (Cmd+Enter on Apple devices) posts from anywhere
 * unless a dialog is open, and an image pasted or dropped anywhere joins the post while
 * `acceptsImages`. Files dropped elsewhere are ignored rather than opened in place of the page.
 */
export function usePostFormShortcuts({ submit, acceptsImages, addFiles }: { submit: () => void; acceptsImages: boolean; addFiles: (files: File[]) => void }) {
  const submitRef = useRef(submit);
  useLayoutEffect(() => {
    submitRef.current = submit;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.defaultPrevented) return;
      if (document.querySelector('dialog[open]')) return;
      event.preventDefault();
      submitRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  useEffect(() => {
    const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') === true;
    const onDragOver = (event: DragEvent) => {
      if (!hasFiles(event) || event.defaultPrevented) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = acceptsImages ? 'copy' : 'none';
    };
    const onDrop = (event: DragEvent) => {
      if (!hasFiles(event) || event.defaultPrevented) return;
      event.preventDefault();
      if (acceptsImages) addFiles(Array.from(event.dataTransfer?.files ?? []));
    };
    const onPaste = (event: ClipboardEvent) => {
      const files = Array.from(event.clipboardData?.files ?? []);
      if (!acceptsImages || files.length === 0) return;
      event.preventDefault();
      addFiles(files);
    };
    document.addEventListener('dragover', onDragOver);
    document.addEventListener('drop', onDrop);
    document.addEventListener('paste', onPaste);
    return () => {
      document.removeEventListener('dragover', onDragOver);
      document.removeEventListener('drop', onDrop);
      document.removeEventListener('paste', onPaste);
    };
  }, [acceptsImages, addFiles]);
}
