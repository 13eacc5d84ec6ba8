import { useMemo, useState, type ReactNode } from 'react';
import { SaveToListModal } from '../../features/lists/components/save-to-list-modal.tsx';
import { ReportModal } from '../../features/reports/components/report-modal.tsx';
import { ContentActionsProvider, type ContentActions, type ContentTarget } from '../../lib/content-actions.ts';
import { useRequireLogin } from '../../lib/session/login-prompt.ts';

/** Owns the one Save to list modal and the one Report modal that posts and comments open. */
export function ContentActionsHost({ children }: { children: ReactNode }) {
  const { requireLogin } = useRequireLogin();
  const [saving, setSaving] = useState<ContentTarget | null>(null);
  const [reporting, setReporting] = useState<ContentTarget | null>(null);
  const actions = useMemo<ContentActions>(
    () => ({ save: requireLogin((target: ContentTarget) => setSaving(target)), report: requireLogin((target: ContentTarget) => setReporting(target)) }),
    [requireLogin],
  );
  return (
    <ContentActionsProvider value={actions}>
      {children}
      <SaveToListModal target={saving} onClose={() => setSaving(null)} />
      <ReportModal target={reporting} onClose={() => setReporting(null)} />
    </ContentActionsProvider>
  );
}
