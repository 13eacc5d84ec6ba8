import { useCallback, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { AuthDialogProvider } from '../../features/auth/components/auth-dialog-provider.tsx';
import { LoginPromptHost } from '../../features/auth/components/login-prompt.tsx';
import { reportInstalledUse } from '../../lib/install-app.ts';
import { NotificationsHost } from '../../features/notifications/components/notifications-host.tsx';
import { useCurrentUserPoll } from '../../lib/session/get-current-user.ts';
import { UpdatePrompt } from '../update-prompt.tsx';
import { BottomNav } from './bottom-nav.tsx';
import { ContentActionsHost } from './content-actions-host.tsx';
import { Footer } from './footer.tsx';
import { KeyboardShortcuts } from './keyboard-shortcuts.tsx';
import { Navbar } from './navbar.tsx';
import { OutboxStatus } from './outbox-status.tsx';
import { Sidebar } from './sidebar.tsx';
import './layout.css';

/** The shell around every screen: top bar, sidebar, content, footer and the phone tab bar. */
export function AppLayout() {
  useCurrentUserPoll();
  useEffect(reportInstalledUse, []);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const openSidebar = useCallback(() => setSidebarOpen(true), []);
  const closeSidebar = useCallback(() => setSidebarOpen(false), []);

  return (
    <AuthDialogProvider>
      <LoginPromptHost>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Navbar sidebarOpen={sidebarOpen} onOpenSidebar={openSidebar} />
        <div className="layout">
          <Sidebar open={sidebarOpen} onOpen={openSidebar} onClose={closeSidebar} />
          <main id="main" className="layout__main" tabIndex={-1}>
            <div className="layout__content">
              <OutboxStatus />
              <ContentActionsHost>
                <Outlet />
                <KeyboardShortcuts />
              </ContentActionsHost>
            </div>
            <Footer />
          </main>
        </div>
        <BottomNav />
        <UpdatePrompt />
        <NotificationsHost />
        <ScrollRestoration />
      </LoginPromptHost>
    </AuthDialogProvider>
  );
}
