import { sql, type Kysely, type Selectable } from 'kysely'
import {
  maskCertificateNumber,
  maskName,
  shanghaiDate,
  validateCertificate,
  validatePersonName,
} from '../../../src/domain/certificate'
import { maskPhone } from '../../../src/domain/phone'
import { statusesAllowing, type OrderStatus } from '../../../src/domain/order'
import { policyStatusAt, type PolicyStatus } from '../../../src/domain/policy'
import type {
  Me,
  MeOverview,
  OrderCounts,
  PolicyCounts,
  RealNameRequest,
  UpdateMeRequest,
} from '../../../src/types/generated/api/auth'
import type { DB } from '../../db/schema'
import type { UsersTable } from './tables'
import { ApiError } from '../../platform/errors'
import { toIso } from '../../platform/time'
import { policyDates } from '../policies/service'

/** The verified ID's birth date and gender: what prices a purchase for the user from the first tap. */
function birthOf(idNumber: string): { birthDate: string; gender: 'M' | 'F' } | null {
  const check = validateCertificate('ID_CARD', idNumber, '9999-12-31')
  return check.ok && check.birthDate && check.gender
    ? { birthDate: check.birthDate, gender: check.gender }
    : null
}

function toMe(row: Selectable<UsersTable>): Me {
  return {
    id: row.id,
    phone: row.phone,
    phoneMasked: maskPhone(row.phone),
    nickname: row.nickname,
    avatar: row.avatar,
    realName:
      row.real_name && row.id_number && row.real_name_verified_at
        ? {
            name: maskName(row.real_name),
            idNumber: maskCertificateNumber(row.id_number),
            ...birthOf(row.id_number),
            verifiedAt: toIso(row.real_name_verified_at),
          }
        : null,
    createdAt: toIso(row.created_at),
  }
}

/** The logged-in user's own record; every query is keyed by the session's user id. */
export class UserService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
  ) {}

  async get(userId: string): Promise<Me> {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()
    if (!row) throw new ApiError(401, 'UNAUTHENTICATED', '请先登录')
    return toMe(row)
  }

  /** The nickname: 2 to 20 characters once trimmed (no control characters: the schema refuses them). */
  async update(userId: string, patch: UpdateMeRequest): Promise<Me> {
    const nickname = patch.nickname.trim()
    const length = [...nickname].length
    if (length < 2 || length > 20)
      throw new ApiError(400, 'INVALID_INPUT', '昵称（nickname）应为 2–20 个字', [
        { field: 'nickname', message: '昵称应为 2–20 个字' },
      ])
    await this.db
      .updateTable('users')
      .set({ nickname, updated_at: this.now() })
      .where('id', '=', userId)
      .execute()
    return this.get(userId)
  }

  /**
   * The numbers of the 我的 screen: the user's own orders per status and policies per status, counted as the
   * lists show them. Read-only: an unpaid order past its payment window counts as CLOSED here, as the order
   * list's lazy close will store it.
   */
  async overview(userId: string): Promise<MeOverview> {
    const now = this.now()
    const expiring = statusesAllowing('EXPIRE')
    const orderRows = await sql<{ status: OrderStatus; expired: boolean; n: number }>`
      select status, expires_at <= ${now} as expired, count(*)::int as n
      from orders where user_id = ${userId}
      group by 1, 2`.execute(this.db)
    const orders: OrderCounts = {
      PENDING_PAYMENT: 0,
      PAID: 0,
      ISSUED: 0,
      CLOSED: 0,
      PAY_FAILED: 0,
      SURRENDERED: 0,
    } satisfies Record<OrderStatus, number>
    for (const { status, expired, n } of orderRows.rows) {
      orders[expired && expiring.includes(status) ? 'CLOSED' : status] += n
    }

    // A policy's status follows from its dates (only a surrender is stored): the domain rule decides, as in
    // the policy list. A consumer holds a handful of policies, so reading their dates is cheap.
    const policyRows = await this.db
      .selectFrom('policies')
      .select(['effective_at', 'expires_at', 'surrendered_at'])
      .where('user_id', '=', userId)
      .execute()
    const policies: PolicyCounts = {
      PENDING_EFFECTIVE: 0,
      IN_FORCE: 0,
      EXPIRED: 0,
      SURRENDERED: 0,
    } satisfies Record<PolicyStatus, number>
    const nowMs = now.getTime()
    for (const row of policyRows) {
      policies[policyStatusAt(policyDates(row), nowMs)] += 1
    }
    return { orders, policies }
  }

  /** Real-name verification with a resident ID; once verified it cannot be changed here. */
  async verifyRealName(userId: string, input: RealNameRequest): Promise<Me> {
    const name = validatePersonName(input.name)
    if (!name.ok)
      throw new ApiError(400, 'INVALID_INPUT', name.reason, [{ field: 'name', message: name.reason }])
    const id = validateCertificate('ID_CARD', input.idNumber, shanghaiDate(this.now()))
    if (!id.ok)
      throw new ApiError(400, 'INVALID_ID_NUMBER', id.reason, [{ field: 'idNumber', message: id.reason }])
    const now = this.now()
    const updated = await this.db
      .updateTable('users')
      .set({ real_name: name.name, id_number: id.number, real_name_verified_at: now, updated_at: now })
      .where('id', '=', userId)
      .where('real_name_verified_at', 'is', null)
      .returning('id')
      .executeTakeFirst()
    if (!updated) throw new ApiError(409, 'ALREADY_VERIFIED', '您已完成实名认证，如需修改请联系客服')
    return this.get(userId)
  }
}
