import { createHash, randomBytes } from 'node:crypto'
import { sql, type Kysely, type Selectable } from 'kysely'
import type {
  Staff,
  StaffAccount,
  StaffInput,
  StaffPatch,
  StaffRole,
} from '../../../src/types/generated/api/studio'
import type { DB } from '../../db/schema'
import { ApiError, notFound } from '../../platform/errors'
import { toIso } from '../../platform/time'
import type { StaffAudit } from './audit'
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords'
import type { StaffUsersTable } from './tables'

export const STAFF_SESSION_TTL_MS = 12 * 3600_000
export const MAX_FAILED_LOGINS = 5
export const LOCK_MS = 15 * 60_000

export const ROLE_RANK: Record<StaffRole, number> = { editor: 1, publisher: 2, admin: 3 }
export const ROLE_NAMES: Record<StaffRole, string> = { editor: '编辑', publisher: '发布员', admin: '管理员' }

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

const toStaff = (
  row: Pick<Selectable<StaffUsersTable>, 'id' | 'username' | 'display_name' | 'role'>,
): Staff => ({
  id: row.id,
  username: row.username,
  displayName: row.display_name,
  role: row.role,
})

const toAccount = (row: Selectable<StaffUsersTable>, now: Date): StaffAccount => ({
  ...toStaff(row),
  disabled: row.disabled,
  lockedUntil: row.locked_until && row.locked_until > now ? toIso(row.locked_until) : null,
  createdAt: toIso(row.created_at),
})

/** HH:mm in Beijing time, for messages. */
export const clockTime = (date: Date) => toIso(date).slice(11, 16)

export const loginFailed = () => new ApiError(401, 'STAFF_LOGIN_FAILED', '用户名或密码错误')
const locked = (until: Date) =>
  new ApiError(
    423,
    'STAFF_LOCKED',
    `密码连续输错 ${MAX_FAILED_LOGINS} 次，账号已锁定至 ${toIso(until).slice(0, 10)} ${clockTime(until)}，请稍后再试`,
    [{ field: 'password', message: `锁定至 ${clockTime(until)}` }],
  )

/**
 * Staff accounts and their sessions, both in the database (any process serves any staff member). A wrong
 * password is counted, and the account locked, by one conditional UPDATE, so parallel attempts lock it once.
 */
export class StaffService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly audit: StaffAudit,
  ) {}

  async login(username: string, password: string): Promise<{ staff: Staff; token: string }> {
    const row = await this.db
      .selectFrom('staff_users')
      .selectAll()
      .where('username', '=', username.trim().toLowerCase())
      .executeTakeFirst()
    const now = this.now()
    if (!row || row.disabled) {
      await verifyPassword(password, DUMMY_HASH)
      throw loginFailed()
    }
    if (row.locked_until && row.locked_until > now) throw locked(row.locked_until)
    if (!(await verifyPassword(password, row.password_hash))) {
      // One statement counts the failure and locks at the fifth; a lock that has run out starts a new count.
      const lockUntil = new Date(now.getTime() + LOCK_MS)
      const { rows } = await sql<{ failed_attempts: number; locked_until: Date | null }>`
        UPDATE staff_users
           SET failed_attempts = CASE WHEN locked_until IS NULL THEN failed_attempts + 1 ELSE 1 END,
               locked_until = CASE WHEN locked_until IS NULL AND failed_attempts + 1 >= ${MAX_FAILED_LOGINS}
                                   THEN ${lockUntil}::timestamptz ELSE NULL END
         WHERE id = ${row.id} AND (locked_until IS NULL OR locked_until <= ${now})
        RETURNING failed_attempts, locked_until`.execute(this.db)
      const counted = rows[0]
      if (!counted) {
        // Locked meanwhile by a parallel attempt.
        const current = await this.lockedUntil(row.id)
        throw current ? locked(current) : loginFailed()
      }
      if (counted.locked_until) {
        await this.audit.record(
          { id: row.id, displayName: row.display_name },
          { action: 'login-locked', detail: `密码连续输错 ${MAX_FAILED_LOGINS} 次，锁定 15 分钟` },
        )
        throw locked(counted.locked_until)
      }
      throw loginFailed()
    }
    const reset = await this.db
      .updateTable('staff_users')
      .set({ failed_attempts: 0, locked_until: null })
      .where('id', '=', row.id)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .returning('id')
      .executeTakeFirst()
    if (!reset) {
      const current = await this.lockedUntil(row.id)
      if (current) throw locked(current)
    }
    const token = randomBytes(32).toString('base64url')
    await this.db
      .insertInto('staff_sessions')
      .values({
        id_hash: hashToken(token),
        staff_id: row.id,
        created_at: now,
        expires_at: new Date(now.getTime() + STAFF_SESSION_TTL_MS),
      })
      .execute()
    await this.audit.record({ id: row.id, displayName: row.display_name }, { action: 'login' })
    return { staff: toStaff(row), token }
  }

  private async lockedUntil(id: number): Promise<Date | null> {
    const row = await this.db
      .selectFrom('staff_users')
      .select('locked_until')
      .where('id', '=', id)
      .executeTakeFirst()
    return row?.locked_until && row.locked_until > this.now() ? row.locked_until : null
  }

  /** The staff member of a live session (sliding its expiry), or null (unknown, expired or disabled). */
  async resolve(token: string): Promise<Staff | null> {
    const now = this.now()
    const { rows } = await sql<
      Pick<Selectable<StaffUsersTable>, 'id' | 'username' | 'display_name' | 'role'>
    >`
      UPDATE staff_sessions s
         SET expires_at = ${new Date(now.getTime() + STAFF_SESSION_TTL_MS)}::timestamptz
        FROM staff_users u
       WHERE s.id_hash = ${hashToken(token)} AND s.expires_at > ${now} AND u.id = s.staff_id AND NOT u.disabled
      RETURNING u.id, u.username, u.display_name, u.role`.execute(this.db)
    return rows[0] ? toStaff(rows[0]) : null
  }

  async logout(token: string, staff: Staff): Promise<void> {
    await this.db.deleteFrom('staff_sessions').where('id_hash', '=', hashToken(token)).execute()
    await this.audit.record(staff, { action: 'logout' })
  }

  async list(): Promise<StaffAccount[]> {
    const now = this.now()
    const rows = await this.db.selectFrom('staff_users').selectAll().orderBy('id').execute()
    return rows.map((row) => toAccount(row, now))
  }

  /** Creates an account (the admin screen, `npm run staff:add`, the demo seed). */
  async create(input: StaffInput, actor: Staff | null): Promise<StaffAccount> {
    const now = this.now()
    const row = await this.db
      .insertInto('staff_users')
      .values({
        username: input.username,
        display_name: input.displayName.trim(),
        role: input.role,
        password_hash: await hashPassword(input.password),
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('username').doNothing())
      .returningAll()
      .executeTakeFirst()
    if (!row)
      throw new ApiError(409, 'STAFF_USERNAME_TAKEN', `用户名 ${input.username} 已被使用`, [
        { field: 'username', message: '已被使用' },
      ])
    if (actor)
      await this.audit.record(actor, {
        action: 'staff-create',
        detail: `新建账号 ${row.username}（${row.display_name}，${ROLE_NAMES[row.role]}）`,
      })
    return toAccount(row, now)
  }

  async update(id: number, patch: StaffPatch, actor: Staff): Promise<StaffAccount> {
    if (id === actor.id && (patch.role !== undefined || patch.disabled !== undefined))
      throw new ApiError(409, 'STAFF_SELF_CHANGE', '不能修改自己的角色或停用自己的账号', [
        { field: patch.role !== undefined ? 'role' : 'disabled', message: '不能修改自己的账号' },
      ])
    const now = this.now()
    const row = await this.db
      .updateTable('staff_users')
      .set({
        ...(patch.role !== undefined ? { role: patch.role } : {}),
        ...(patch.disabled !== undefined ? { disabled: patch.disabled } : {}),
        ...(patch.displayName !== undefined ? { display_name: patch.displayName.trim() } : {}),
        ...(patch.password !== undefined
          ? { password_hash: await hashPassword(patch.password), failed_attempts: 0, locked_until: null }
          : {}),
        updated_at: now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst()
    if (!row) throw notFound('账号')
    // A disabled account or a new password ends every open session of it.
    if (patch.disabled || patch.password !== undefined)
      await this.db.deleteFrom('staff_sessions').where('staff_id', '=', id).execute()
    const changes = [
      patch.role !== undefined ? `角色改为${ROLE_NAMES[patch.role]}` : '',
      patch.disabled !== undefined ? (patch.disabled ? '停用' : '启用') : '',
      patch.password !== undefined ? '重设密码' : '',
      patch.displayName !== undefined ? `姓名改为${patch.displayName.trim()}` : '',
    ].filter(Boolean)
    await this.audit.record(actor, {
      action: 'staff-update',
      detail: `${row.username}：${changes.join('，')}`,
    })
    return toAccount(row, now)
  }
}
