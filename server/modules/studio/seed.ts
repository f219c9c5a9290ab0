import type { Kysely } from 'kysely'
import type { StaffRole } from '../../../src/types/generated/api/studio'
import type { DB } from '../../db/schema'
import { hashPassword } from './passwords'

/** Demo mode's accounts, one per role (the README names them). Never seeded in production. */
export const DEMO_STAFF: { username: string; password: string; displayName: string; role: StaffRole }[] = [
  { username: 'editor', password: 'editor-2026', displayName: '运营编辑', role: 'editor' },
  { username: 'publisher', password: 'publisher-2026', displayName: '发布负责人', role: 'publisher' },
  { username: 'admin', password: 'admin-2026', displayName: '管理员', role: 'admin' },
  { username: 'compliance', password: 'compliance-2026', displayName: '合规专员', role: 'compliance' },
  { username: 'agent', password: 'agent-2026', displayName: '小恒', role: 'agent' },
]

/** Adds the demo accounts that are missing; true when any was added. */
export async function seedDemoStaff(db: Kysely<DB>, now: Date): Promise<boolean> {
  const existing = new Set(
    (await db.selectFrom('staff_users').select('username').execute()).map((r) => r.username),
  )
  const missing = DEMO_STAFF.filter((s) => !existing.has(s.username))
  for (const s of missing)
    await db
      .insertInto('staff_users')
      .values({
        username: s.username,
        display_name: s.displayName,
        role: s.role,
        password_hash: await hashPassword(s.password),
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('username').doNothing())
      .execute()
  return missing.length > 0
}
