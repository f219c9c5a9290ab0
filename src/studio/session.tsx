// Who is signed in to the studio: GET /api/studio/session once, then whatever login/logout set. A 401 from any
// request (the session expired) signs out here, and the routes send the user to the login screen.
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { onUnauthorized } from './api/client'
import { studioApi } from './api/endpoints'
import type { Staff, StaffRole } from './api/types'
import { studioPaths } from './paths'
import { roleAllows } from '../domain/staffRoles'

export { ROLE_NAMES } from '../domain/staffRoles'

/** Whether `staff` has the rights of `role` (the server's roleAllows: page work by rank, each desk its own). */
export const hasRole = (staff: Staff | null | undefined, role: StaffRole) =>
  Boolean(staff && roleAllows(staff.role, role))

/** Whether `staff` may search, replay and export sales (销售过程回溯): 合规 and 管理员. */
export const canReviewSales = (staff: Staff | null | undefined) => hasRole(staff, 'compliance')

/** Where a signed-in staff member starts: 合规 on the sales trail, 客服 on 在线客服, everyone else on the pages list. */
export const homePathOf = (staff: Staff | null | undefined) =>
  staff?.role === 'compliance'
    ? studioPaths.compliance
    : staff?.role === 'agent'
      ? studioPaths.desk
      : studioPaths.pages

export const NEEDS_PUBLISHER = '需要发布员权限'

let firstCheck: ReturnType<typeof studioApi.session> | null = null

/** The first session check, shared: main.tsx starts it before React renders (see preload.ts). */
export function requestSession(): ReturnType<typeof studioApi.session> {
  firstCheck ??= studioApi.session()
  return firstCheck
}

interface SessionState {
  /** undefined while the first check runs; null when signed out. */
  staff: Staff | null | undefined
  setStaff(staff: Staff | null): void
}

const SessionContext = createContext<SessionState>({ staff: null, setStaff: () => {} })

export function SessionProvider({ children, initial }: { children: ReactNode; initial?: Staff | null }) {
  const [staff, setStaff] = useState<Staff | null | undefined>(initial)
  useEffect(() => {
    if (initial !== undefined) return
    let active = true
    requestSession().then(
      ({ staff }) => active && setStaff(staff),
      () => active && setStaff(null),
    )
    return () => {
      active = false
    }
  }, [initial])
  useEffect(() => onUnauthorized(() => setStaff(null)), [])
  const value = useMemo(() => ({ staff, setStaff }), [staff])
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

export const useSession = () => useContext(SessionContext)

/** The signed-in staff member (inside the routes that require one). */
export function useStaff(): Staff {
  const { staff } = useSession()
  if (!staff) throw new Error('useStaff outside a signed-in route')
  return staff
}
