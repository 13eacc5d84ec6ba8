import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ForbiddenPage } from '../../components/errors/forbidden.tsx';
import { AdminCommunities } from '../../features/admin/components/admin-communities.tsx';
import { SiteAutoModPage } from '../../features/automod/components/site-automod-page.tsx';
import { AdminComments } from '../../features/admin/components/admin-comments.tsx';
import { AdminLayout, AdminPageHeader } from '../../features/admin/components/admin-layout.tsx';
import { AdminSettings } from '../../features/admin/components/admin-settings.tsx';
import { AdminUsers } from '../../features/admin/components/admin-users.tsx';
import { Analytics } from '../../features/admin/components/analytics.tsx';
import { CommunityRequests } from '../../features/admin/components/community-requests.tsx';
import { Health } from '../../features/admin/components/health.tsx';
import { IpBlocks } from '../../features/admin/components/ip-blocks.tsx';
import { CreateCommunityModal } from '../../features/communities/components/create-community-modal.tsx';
import { UserAdminActions } from '../../features/users/components/user-admin-actions.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useSessionUser } from '../../lib/session/get-initial.ts';

function Page({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(`${title} · Admin`);
  return children;
}

function AdminNotFound() {
  return (
    <>
      <AdminPageHeader title="Not found" />
      <p className="card">There is no admin page at this address.</p>
    </>
  );
}

function Forbidden() {
  useDocumentTitle('Forbidden');
  return <ForbiddenPage />;
}

/**
 * /admin/*: the admin dashboard, for admins only (everyone else sees Forbidden!). The pages of
 * other features (ban, supporter badge, create community) come in from here.
 */
export function AdminRoute() {
  const user = useSessionUser();
  if (!user?.isAdmin) return <Forbidden />;
  const pages: Array<{ path?: string; title: string; element: ReactNode }> = [
    { title: 'Settings', element: <AdminSettings /> },
    { path: 'users', title: 'Users', element: <AdminUsers renderActions={(listed) => <UserAdminActions user={listed} />} /> },
    { path: 'comments', title: 'Comments', element: <AdminComments /> },
    { path: 'communities', title: 'Communities', element: <AdminCommunities /> },
    { path: 'automod', title: 'Watched words', element: <SiteAutoModPage header={AdminPageHeader} /> },
    { path: 'ipblocks', title: 'IP blocks', element: <IpBlocks /> },
    { path: 'bss', title: 'Analytics', element: <Analytics /> },
    { path: 'health', title: 'Health', element: <Health /> },
    {
      path: 'new-community-requests',
      title: 'Community requests',
      element: <CommunityRequests renderCreate={(name, onClose) => <CreateCommunityModal open initialName={name} onClose={onClose} />} />,
    },
    { path: '*', title: 'Not found', element: <AdminNotFound /> },
  ];
  return (
    <AdminLayout>
      <Routes>
        {pages.map(({ path, title, element }) =>
          path ? (
            <Route key={path} path={path} element={<Page title={title}>{element}</Page>} />
          ) : (
            <Route key="index" index element={<Page title={title}>{element}</Page>} />
          ),
        )}
      </Routes>
    </AdminLayout>
  );
}
