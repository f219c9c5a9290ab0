import type { StaffRole } from '../types/generated/api/studio'

// The studio's roles, for the server's guard and the studio's screens alike. Page work ranks 编辑 < 发布员 <
// 管理员; 合规 (the sales trail) and 客服 (the service desk) stand outside it, each with its own desk, which
// 管理员 may also use.

/** What a studio route asks of the signed-in role: a role, or 'staff' (any account, its own session). */
export type StaffAccess = StaffRole | 'staff'

const PAGE_RANK: Record<StaffRole, number> = { compliance: -1, agent: -1, editor: 0, publisher: 1, admin: 2 }

export const ROLE_NAMES: Record<StaffRole, string> = {
  editor: '编辑',
  publisher: '发布员',
  admin: '管理员',
  compliance: '合规',
  agent: '客服',
}

/** Roles with a desk of their own (no page work): the desk is theirs and 管理员's. */
const DESK_ROLES: ReadonlySet<StaffRole> = new Set(['compliance', 'agent'])

/**
 * Whether `role` may use what asks `access`: 'staff' any account; a desk role (合规, 客服) that role or 管理员; a
 * page role, that role or higher.
 */
export function roleAllows(role: StaffRole, access: StaffAccess): boolean {
  if (access === 'staff') return true
  if (DESK_ROLES.has(access)) return role === access || role === 'admin'
  return PAGE_RANK[role] >= PAGE_RANK[access]
}
