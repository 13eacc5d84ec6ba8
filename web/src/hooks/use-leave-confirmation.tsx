import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { ConfirmDialog } from '../components/ui/confirm-dialog.tsx';

const QUESTION = 'Are you sure you want to leave?';

/**
 * Asks before the user leaves a form with unsaved work: in-app navigation (links, Back, Cancel)
 * shows a dialog saying what would be `lost`, closing or reloading the tab the browser's own
 * prompt. `allowLeaving` lets the next navigation through, for leaving after a successful submit.
 */
export function useLeaveConfirmation(unsaved: boolean, lost = "What you've written here will be lost.") {
  const unsavedRef = useRef(unsaved);
  useLayoutEffect(() => {
    unsavedRef.current = unsaved;
  });
  const allowedRef = useRef(false);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      unsavedRef.current &&
      !allowedRef.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);

  const allowLeaving = useCallback(() => {
    allowedRef.current = true;
  }, []);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={QUESTION}
      description={lost}
      confirmLabel="Leave"
      cancelLabel="Stay"
      danger
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );

  return { dialog, allowLeaving };
}
