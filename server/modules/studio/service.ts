import { createHash, randomBytes } from 'node:crypto'
import { sql, type Kysely, type Selectable } from 'kysely'
import type { Staff, StaffAccount, StaffInput, StaffPatch } from '../../../src/types/generated/api/studio'
import type { DB } from '../../db/schema'
import { ApiError, notFound } from '../../platform/errors'
import { toIso } from '../../platform/time'
import type { StaffAudit } from './audit'
import { FREE_ATTEMPTS, MAX_WAIT_SECONDS, throttled, type LoginThrottle } from './loginThrottle'
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords'
import type { StaffUsersTable } from './tables'

export const STAFF_SESSION_TTL_MS = 12 * 3600_000

import { ROLE_NAMES } from '../../../src/domain/staffRoles'

export { ROLE_NAMES }
export { roleAllows } from '../../../src/domain/staffRoles'

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

const toStaff = (
  row: Pick<Selectable<StaffUsersTable>, 'id' | 'username' | 'display_name' | 'role'>,
): Staff => ({
  id: row.id,
  username: row.username,
  displayName: row.display_name,
  role: row.role,
})

const toAccount = (row: Selectable<StaffUsersTable>): StaffAccount => ({
  ...toStaff(row),
  disabled: row.disabled,
  createdAt: toIso(row.created_at),
})

/** HH:mm in Beijing time, for messages. */
export const clockTime = (date: Date) => toIso(date).slice(11, 16)

export const loginFailed = () => new ApiError(401, 'STAFF_LOGIN_FAILED', '用户名或密码错误')

/**
 * Staff accounts and their sessions, both in the database (any process serves any staff member). Logins are
 * throttled per username and client address (loginThrottle.ts); an unknown or disabled name is answered exactly
 * like a wrong password, after checking a dummy hash, so the answers do not tell which accounts exist.
 */
export class StaffService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly audit: StaffAudit,
    private readonly throttle: LoginThrottle,
  ) {}

  async login(username: string, password: string, ip: string): Promise<{ staff: Staff; token: string }> {
    const name = username.trim().toLowerCase()
    const now = this.now()
    const admission = await this.throttle.admit(name, ip, now)
    if (!admission.admitted) throw throttled(admission.retryAfterSeconds)
    const row = await this.db
      .selectFrom('staff_users')
      .selectAll()
      .where('username', '=', name)
      .executeTakeFirst()
    const account = row && !row.disabled ? row : null
    if (!(await verifyPassword(password, account?.password_hash ?? DUMMY_HASH)) || !account) {
      // Exactly one attempt is the last free one, also among parallel attempts: one entry per throttling.
      if (account && admission.attempts === FREE_ATTEMPTS)
        await this.audit.record(
          { id: account.id, displayName: account.display_name },
          {
            action: 'login-throttled',
            detail: `自 ${ip} 连续输错密码 ${FREE_ATTEMPTS} 次，此后每次须等待（1 秒起逐次加倍，最长 ${MAX_WAIT_SECONDS / 60} 分钟）`,
          },
        )
      throw loginFailed()
    }
    await this.throttle.succeeded(name, ip)
    const token = randomBytes(32).toString('base64url')
    await this.db
      .insertInto('staff_sessions')
      .values({
        id_hash: hashToken(token),
        staff_id: account.id,
        created_at: now,
        expires_at: new Date(now.getTime() + STAFF_SESSION_TTL_MS),
      })
      .execute()
    await this.audit.record({ id: account.id, displayName: account.display_name }, { action: 'login' })
    return { staff: toStaff(account), token }
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
    const rows = await this.db.selectFrom('staff_users').selectAll().orderBy('id').execute()
    return rows.map(toAccount)
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
    return toAccount(row)
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
        ...(patch.password !== undefined ? { password_hash: await hashPassword(patch.password) } : {}),
        updated_at: now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst()
    if (!row) throw notFound('账号')
    // A disabled account or a new password ends every open session of it.
    if (patch.disabled || patch.password !== undefined)
      await this.db.deleteFrom('staff_sessions').where('staff_id', '=', id).execute()
    // Waits earned with the old password do not hold up the new one.
    if (patch.password !== undefined) await this.throttle.forget(row.username)
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
    return toAccount(row)
  }
}
