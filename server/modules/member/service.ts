import { sql, type Kysely } from 'kysely'
import {
  DELETION_COOLING_DAYS,
  GROWTH_WINDOW_DAYS,
  levelFor,
  MEMBER_LEVELS,
} from '../../../src/domain/memberLevel'
import { EARNING_KINDS } from '../../../src/domain/pointsExpiry'
import { SIGN_IN_CYCLE_BEANS, SIGN_IN_LADDER } from '../../../src/domain/signIn'
import type {
  AccountStatus,
  AgreementList,
  MemberRules,
  MemberStatus,
} from '../../../src/types/generated/api/member'
import type { DB } from '../../db/schema'
import { ApiError } from '../../platform/errors'
import { toIso } from '../../platform/time'
import { AGREEMENT_TITLES, type AgreementKey } from '../auth/agreements'

const DAY_MS = 86_400_000
const AGREEMENTS_SHOWN = 60

/**
 * The member area: the level a member's growth reaches, the rules, the agreements they signed, and the end of
 * an account (consent withdrawn, or deleted after a cooling period).
 */
export class MemberService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
  ) {}

  /** Growth: the points earned in the last 365 days (spending does not lower it). */
  async status(userId: string): Promise<MemberStatus> {
    const since = new Date(this.now().getTime() - GROWTH_WINDOW_DAYS * DAY_MS)
    const row = await this.db
      .selectFrom('point_ledger')
      .select(sql<string>`coalesce(sum(amount), 0)`.as('growth'))
      .where('user_id', '=', userId)
      .where('currency', '=', 'point')
      .where('amount', '>', 0)
      .where('kind', 'in', [...EARNING_KINDS])
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow()
    const growth = Number(row.growth)
    const { level, next } = levelFor(growth)
    return {
      level: { ...level, benefits: [...level.benefits] },
      growth,
      next: next && { ...next, benefits: [...next.benefits] },
    }
  }

  rules(): MemberRules {
    return {
      levels: MEMBER_LEVELS.map((l) => ({ ...l, benefits: [...l.benefits] })),
      growthWindowDays: GROWTH_WINDOW_DAYS,
      signInLadder: [...SIGN_IN_LADDER],
      cycleBeans: SIGN_IN_CYCLE_BEANS,
      pointsPerYuan: 1,
      expiryRule:
        '积分自获得之日起，有效期至次年12月31日24:00；使用时优先扣减最早获得的积分，到期前30天消息提醒。',
    }
  }

  async agreements(userId: string): Promise<AgreementList> {
    const rows = await this.db
      .selectFrom('user_agreements')
      .select(['agreement', 'version', 'accepted_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(AGREEMENTS_SHOWN)
      .execute()
    return {
      items: rows
        .filter((r): r is typeof r & { agreement: AgreementKey } => r.agreement in AGREEMENT_TITLES)
        .map((r) => ({
          agreement: r.agreement,
          title: AGREEMENT_TITLES[r.agreement],
          version: r.version,
          acceptedAt: toIso(r.accepted_at),
        })),
    }
  }

  /** Withdraws consent: recorded, and every session of the user ends (the next login asks for consent again). */
  async withdrawConsent(userId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('consent_withdrawals')
        .values({ user_id: userId, withdrawn_at: this.now() })
        .execute()
      await trx.deleteFrom('sessions').where('user_id', '=', userId).execute()
    })
  }

  async account(userId: string): Promise<AccountStatus> {
    const row = await this.db
      .selectFrom('users')
      .select('deletion_requested_at')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    const requested = row.deletion_requested_at
    return {
      deletionRequestedAt: requested ? toIso(requested) : null,
      deletionDueAt: requested ? toIso(new Date(requested.getTime() + DELETION_COOLING_DAYS * DAY_MS)) : null,
    }
  }

  /**
   * Asks for the account to be deleted after the cooling period. Refused while a policy still covers the user
   * or an order is unfinished: their records must stay reachable by the person they belong to.
   */
  async requestDeletion(userId: string): Promise<AccountStatus> {
    const now = this.now()
    const open = await this.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', 'in', ['PENDING_PAYMENT', 'PAID'])
      .limit(1)
      .executeTakeFirst()
    if (open)
      throw new ApiError(409, 'ACCOUNT_HAS_OPEN_ORDERS', '您有未完成的订单，请先支付或取消后再申请注销')
    const covered = await this.db
      .selectFrom('policies')
      .select('id')
      .where('user_id', '=', userId)
      .where('surrendered_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .limit(1)
      .executeTakeFirst()
    if (covered)
      throw new ApiError(
        409,
        'ACCOUNT_HAS_ACTIVE_POLICIES',
        '您有保障中或待生效的保单，暂不能注销账户；保单到期或退保后可再申请',
      )
    await this.db
      .updateTable('users')
      .set({ deletion_requested_at: now })
      .where('id', '=', userId)
      .where('deletion_requested_at', 'is', null)
      .execute()
    return this.account(userId)
  }

  async cancelDeletion(userId: string): Promise<AccountStatus> {
    await this.db.updateTable('users').set({ deletion_requested_at: null }).where('id', '=', userId).execute()
    return this.account(userId)
  }

  /**
   * Sweep: carries out the deletions past their cooling period. The person's profile, family members,
   * messages, WeChat bindings and sessions are erased and the phone freed (a later login with it is a new account); orders,
   * policies and the points ledger stay, as records an insurer must keep.
   */
  async deleteDueAccounts(): Promise<number> {
    const due = new Date(this.now().getTime() - DELETION_COOLING_DAYS * DAY_MS)
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('deleted_at', 'is', null)
      .where('deletion_requested_at', '<=', due)
      .limit(100)
      .execute()
    for (const { id } of rows) {
      await this.db.transaction().execute(async (trx) => {
        const erased = await trx
          .updateTable('users')
          .set({
            phone: `deleted:${id}`,
            nickname: '已注销用户',
            avatar: null,
            real_name: null,
            id_number: null,
            real_name_verified_at: null,
            deleted_at: this.now(),
            updated_at: this.now(),
          })
          .where('id', '=', id)
          .where('deleted_at', 'is', null)
          .where('deletion_requested_at', '<=', due)
          .executeTakeFirst()
        if (Number(erased.numUpdatedRows) !== 1) return
        await trx.deleteFrom('sessions').where('user_id', '=', id).execute()
        await trx.deleteFrom('family_members').where('user_id', '=', id).execute()
        await trx.deleteFrom('messages').where('user_id', '=', id).execute()
        // A WeChat account bound to it would otherwise still log in to the erased account.
        await trx.deleteFrom('wechat_bindings').where('user_id', '=', id).execute()
      })
    }
    return rows.length
  }
}
