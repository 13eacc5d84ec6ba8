import { useCallback, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { AuthDialogProvider } from '../../features/auth/components/auth-dialog-provider.tsx';
import { LoginPromptHost } from '../../features/auth/components/login-prompt.tsx';
import { useCurrentUserPoll } from '../../lib/session/get-current-user.ts';
import { UpdatePrompt } from '../update-prompt.tsx';
import { BottomNav } from './bottom-nav.tsx';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';
import { Sidebar } from './sidebar.tsx';
import './layout.css';

/** The shell around every screen: top bar, sidebar, content, footer and the phone tab bar. */
export function AppLayout() {
  useCurrentUserPoll();
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
              <Outlet />
            </div>
            <Footer />
          </main>
        </div>
        <BottomNav />
        <UpdatePrompt />
        <ScrollRestoration />
      </LoginPromptHost>
    </AuthDialogProvider>
  );
}
