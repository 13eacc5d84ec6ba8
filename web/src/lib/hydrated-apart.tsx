import { Suspense, type ReactNode } from 'react';

/**
 * A part of a page drawn on the server that the app takes over on its own, after the rest of the
 * page: React hydrates each such boundary apart, at low priority and in slices, so that a long
 * feed or thread does not hold the browser in one long task. Nothing inside may wait for code or
 * data of its own (it would show nothing meanwhile): what waits has its own boundary.
 */
export function HydratedApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
