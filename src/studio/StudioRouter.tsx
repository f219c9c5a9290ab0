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
import { RequireRole } from './layout/RoleGate'
import { loginHref, studioBasename, studioPaths } from './paths'
import { SessionProvider, useSession } from './session'

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
      // Page work (editor and up): 合规 opening the pages list lands on 销售过程回溯, elsewhere sees 无权限.
      {
        element: <RequireRole role="editor" />,
        children: [
          // Each screen is its own chunk with the antd components it uses: opening the editor does not wait for
          // the staff table or the audit log (bench:studio).
          { index: true, lazy: () => import('./pages/PagesPage').then((m) => ({ Component: m.PagesPage })) },
          {
            path: studioPaths.page,
            lazy: () => import('./page/PageScreen').then((m) => ({ Component: m.PageScreen })),
          },
          // A/B 测试 of a page: 编辑 creates tests, 发布员 starts, stops and promotes (the screen says so).
          {
            path: studioPaths.experiments,
            lazy: () =>
              import('./experiments/ExperimentsPage').then((m) => ({ Component: m.ExperimentsPage })),
          },
          {
            path: studioPaths.folder,
            lazy: () => import('./pages/FolderConfigPage').then((m) => ({ Component: m.FolderConfigPage })),
          },
          {
            path: studioPaths.audit,
            lazy: () => import('./audit/AuditPage').then((m) => ({ Component: m.AuditPage })),
          },
          {
            path: studioPaths.partnerHealth,
            lazy: () =>
              import('./partners/PartnerHealthPage').then((m) => ({ Component: m.PartnerHealthPage })),
          },
          // 活动运营: 编辑 reads the winners; results, shipping and stock are 发布员's (the screen hides them).
          {
            path: studioPaths.operations,
            lazy: () => import('./operations/OperationsPage').then((m) => ({ Component: m.OperationsPage })),
          },
          // 数据分析 (read-only): the pages list and a page's dashboard; the chart loads with the dashboard only.
          {
            path: studioPaths.analytics,
            lazy: () =>
              import('./analytics/AnalyticsPagesPage').then((m) => ({ Component: m.AnalyticsPagesPage })),
          },
          {
            path: studioPaths.analyticsPage,
            lazy: () => import('./analytics/PageDashboard').then((m) => ({ Component: m.PageDashboard })),
          },
        ],
      },
      {
        path: studioPaths.staff,
        lazy: () => import('./staff/StaffPage').then((m) => ({ Component: m.StaffPage })),
      },
      // 销售过程回溯 (合规 and 管理员).
      {
        element: <RequireRole role="compliance" />,
        children: [
          {
            path: studioPaths.compliance,
            lazy: () =>
              import('./compliance/SalesSearchPage').then((m) => ({ Component: m.SalesSearchPage })),
          },
          {
            path: studioPaths.sale,
            lazy: () => import('./compliance/SalePage').then((m) => ({ Component: m.SalePage })),
          },
        ],
      },
      // 服务工单: feedback replies, claims intake, appointments (客服 and 管理员).
      {
        element: <RequireRole role="agent" />,
        children: [
          {
            path: studioPaths.cases,
            lazy: () => import('./cases/CasesPage').then((m) => ({ Component: m.CasesPage })),
          },
        ],
      },
      // 在线客服 (客服 and 管理员).
      {
        element: <RequireRole role="agent" />,
        children: [
          {
            path: studioPaths.desk,
            lazy: () => import('./desk/DeskPage').then((m) => ({ Component: m.DeskPage })),
          },
        ],
      },
      // The versions of a product's sales pages: every role may read them.
      {
        path: studioPaths.productVersionsHome,
        lazy: () =>
          import('./compliance/ProductVersionsPage').then((m) => ({ Component: m.ProductVersionsPage })),
      },
      {
        path: studioPaths.productVersions,
        lazy: () =>
          import('./compliance/ProductVersionsPage').then((m) => ({ Component: m.ProductVersionsPage })),
      },
      // 产品资料: a new 投保须知 or premium table makes a new version (发布员 and up).
      {
        element: <RequireRole role="publisher" />,
        children: [
          {
            path: studioPaths.productData,
            lazy: () =>
              import('./compliance/ProductDataPage').then((m) => ({ Component: m.ProductDataPage })),
          },
        ],
      },
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
