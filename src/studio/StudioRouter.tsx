// The studio's route table (basename /studio): the login screen, and the signed-in screens inside the layout.
import { Spin } from 'antd'
import { useState } from 'react'
import {
  createBrowserRouter,
  Navigate,
  RouterProvider,
  useLocation,
  type RouteObject,
} from 'react-router-dom'
import { StudioLayout } from './layout/StudioLayout'
import { LoginPage } from './login/LoginPage'
import { NotFound } from './layout/NotFound'
import { loginHref, studioBasename, studioPaths } from './paths'
import { SessionProvider, useSession } from './session'
import { AuditPage } from './audit/AuditPage'
import { FolderConfigPage } from './pages/FolderConfigPage'
import { PagesPage } from './pages/PagesPage'
import { PageScreen } from './page/PageScreen'
import { StaffPage } from './staff/StaffPage'

function RequireStaff() {
  const { staff } = useSession()
  const location = useLocation()
  if (staff === undefined)
    return (
      <div style={{ display: 'grid', placeItems: 'center', height: '100vh' }}>
        <Spin size="large" description="正在加载…" />
      </div>
    )
  if (!staff) return <Navigate to={loginHref(location.pathname + location.search)} replace />
  return <StudioLayout />
}

export const studioRoutes: RouteObject[] = [
  { path: studioPaths.login, element: <LoginPage /> },
  {
    element: <RequireStaff />,
    children: [
      { index: true, element: <PagesPage /> },
      { path: studioPaths.page, element: <PageScreen /> },
      { path: studioPaths.folder, element: <FolderConfigPage /> },
      { path: studioPaths.staff, element: <StaffPage /> },
      { path: studioPaths.audit, element: <AuditPage /> },
      { path: '*', element: <NotFound /> },
    ],
  },
]

export function StudioRouter() {
  const [router] = useState(() => createBrowserRouter(studioRoutes, { basename: studioBasename() }))
  return (
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>
  )
}
