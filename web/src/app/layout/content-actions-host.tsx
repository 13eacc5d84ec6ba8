import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useHasBeenTrue } from '../../hooks/use-has-been-true.ts';
import { ContentActionsProvider, type ContentActions, type ContentTarget } from '../../lib/content-actions.ts';
import { lazyComponent, preloadWhenIdle } from '../../lib/lazy-component.ts';
import { useRequireLogin } from '../../lib/session/login-prompt.ts';

const SaveToListModal = lazyComponent(async () => (await import('../../features/lists/components/save-to-list-modal.tsx')).SaveToListModal);
const ReportModal = lazyComponent(async () => (await import('../../features/reports/components/report-modal.tsx')).ReportModal);

/** Owns the one Save to list modal and the one Report modal that posts and comments open. */
export function ContentActionsHost({ children }: { children: ReactNode }) {
  const { requireLogin } = useRequireLogin();
  const [saving, setSaving] = useState<ContentTarget | null>(null);
  const [reporting, setReporting] = useState<ContentTarget | null>(null);
  const savingOpened = useHasBeenTrue(saving !== null);
  const reportingOpened = useHasBeenTrue(reporting !== null);
  const actions = useMemo<ContentActions>(
    () => ({ save: requireLogin((target: ContentTarget) => setSaving(target)), report: requireLogin((target: ContentTarget) => setReporting(target)) }),
    [requireLogin],
  );
  useEffect(() => preloadWhenIdle(SaveToListModal, ReportModal), []);
  return (
    <ContentActionsProvider value={actions}>
      {children}
      {savingOpened && (
        <Suspense fallback={null}>
          <SaveToListModal target={saving} onClose={() => setSaving(null)} />
        </Suspense>
      )}
      {reportingOpened && (
        <Suspense fallback={null}>
          <ReportModal target={reporting} onClose={() => setReporting(null)} />
        </Suspense>
      )}
    </ContentActionsProvider>
  );
}
