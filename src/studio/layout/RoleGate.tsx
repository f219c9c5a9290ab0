// The screens a role may open. 合规 (compliance) has no page work: the pages list sends them to 销售过程回溯, and
// any other page-work address says 无权限 instead of calling routes the server would refuse. The sales trail is
// 合规's and 管理员's only.
import { Button, Result } from 'antd'
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom'
import type { StaffRole } from '../api/types'
import { studioPaths } from '../paths'
import { hasRole, homePathOf, useStaff } from '../session'

const NEEDS: Record<StaffRole, string> = {
  editor: '这里是页面搭建和发布的工作，需要编辑、发布员或管理员权限。',
  publisher: '需要发布员或管理员权限。',
  admin: '需要管理员权限。',
  compliance: '销售过程回溯只对合规和管理员开放。',
  agent: '客服工作台只对客服和管理员开放。',
}

/** 无权限, with the way back to where this staff member starts. */
export function Forbidden({ subTitle }: { subTitle: string }) {
  const staff = useStaff()
  const navigate = useNavigate()
  const home = homePathOf(staff)
  return (
    <Result
      status="403"
      title="无权限"
      subTitle={subTitle}
      extra={
        <Button type="primary" onClick={() => navigate(home)}>
          {home === studioPaths.compliance
            ? '前往销售过程回溯'
            : home === studioPaths.desk
              ? '前往在线客服'
              : '返回页面列表'}
        </Button>
      }
    />
  )
}

/** Renders the child route for `role` and up; the pages list (`/`) sends everyone else to their own start. */
export function RequireRole({ role }: { role: StaffRole }) {
  const staff = useStaff()
  const { pathname } = useLocation()
  if (hasRole(staff, role)) return <Outlet />
  const home = homePathOf(staff)
  if (pathname === studioPaths.pages && home !== studioPaths.pages) return <Navigate to={home} replace />
  return <Forbidden subTitle={NEEDS[role]} />
}
