import type { Kysely } from 'kysely'
import { addDays, daysBetween, shanghaiDate } from '../../../src/domain/age'
import { EXPIRY_REMINDER_DAYS, expiryReminderFor, isGiftPolicy } from '../../../src/domain/policy'
import type { DB } from '../../db/schema'
import type { MessageService } from '../messages/service'

const DAY_MS = 86_400_000
const BATCH = 500

/**
 * The daily reminder (run by the sweep) of policies whose cover ends within 30 days: one message at 30, 7 and
 * 1 days before, each once per policy (its row in policy_expiry_notices is inserted with the message).
 * Surrendered policies and whole-life cover are never reminded.
 */
export async function remindExpiringPolicies(
  db: Kysely<DB>,
  now: () => Date,
  messages: MessageService,
): Promise<number> {
  const at = now()
  const today = shanghaiDate(at.getTime())
  const horizon = new Date(at.getTime() + (Math.max(...EXPIRY_REMINDER_DAYS) + 1) * DAY_MS)
  const candidates = await db
    .selectFrom('policies as p')
    .select(['p.id', 'p.user_id', 'p.product_name', 'p.policy_no', 'p.expires_at', 'p.premium_fen'])
    .where('p.surrendered_at', 'is', null)
    .where('p.expires_at', '>', at)
    .where('p.expires_at', '<=', horizon)
    // The last reminder sent: nothing more to say.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('policy_expiry_notices as n')
            .select('n.policy_id')
            .whereRef('n.policy_id', '=', 'p.id')
            .where('n.days_before', '=', 1),
        ),
      ),
    )
    .orderBy('p.expires_at')
    .limit(BATCH)
    .execute()
  let sent = 0
  for (const policy of candidates) {
    if (!policy.expires_at) continue
    // Cover ends at the start of its end day (exclusive): the last covered day is the one before.
    const endDay = shanghaiDate(policy.expires_at.getTime())
    const due = expiryReminderFor(daysBetween(today, endDay))
    if (due === null) continue
    const told = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('policy_expiry_notices')
        .values({ policy_id: policy.id, days_before: due, created_at: at })
        .onConflict((oc) => oc.doNothing())
        .returning('policy_id')
        .executeTakeFirst()
      if (!claimed) return false
      await messages.notify(trx, policy.user_id, {
        kind: 'policy_expiring',
        policyId: policy.id,
        productName: policy.product_name,
        policyNo: policy.policy_no,
        lastDay: addDays(endDay, -1),
        daysLeft: daysBetween(today, endDay),
        gift: isGiftPolicy({ premiumFen: policy.premium_fen }),
      })
      return true
    })
    if (told) sent++
  }
  return sent
}
