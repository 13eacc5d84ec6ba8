import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router-dom';
import { isChunkLoadError, mayReloadForChunkError, reloadForChunkError } from '../../lib/chunk-reload.ts';
import { CrashScreen } from './crash-screen.tsx';

/**
 * A route that failed: a screen whose code could not be fetched (an update replaced it) reloads
 * the page once, showing nothing meanwhile; anything else shows the crash screen.
 */
export function RouteError({ fullScreen = true }: { fullScreen?: boolean }) {
  const error = useRouteError();
  const [reloading] = useState(() => isChunkLoadError(error) && mayReloadForChunkError());
  useEffect(() => {
    if (reloading) reloadForChunkError();
  }, [reloading]);
  return reloading ? null : <CrashScreen fullScreen={fullScreen} />;
}
