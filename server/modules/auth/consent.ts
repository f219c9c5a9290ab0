import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { ApiError } from '../../platform/errors'
import { AGREEMENT_TITLES, AGREEMENT_VERSIONS, REQUIRED_AGREEMENTS } from './agreements'

// Consent to the login agreements. A login by SMS code asks for it every time; a login without that screen (the
// app's token, WeChat's silent login) goes ahead only for a user who accepted the versions in force and has not
// withdrawn consent since.

/** 400 AGREEMENT_REQUIRED naming each agreement missing from `agreements`. */
export function requireAgreements(agreements: readonly string[]): void {
  const missing = REQUIRED_AGREEMENTS.filter((key) => !agreements.includes(key))
  if (missing.length === 0) return
  throw new ApiError(
    400,
    'AGREEMENT_REQUIRED',
    `请阅读并同意${missing.map((k) => AGREEMENT_TITLES[k]).join('、')}`,
    missing.map((key) => ({ field: 'agreements', message: `未同意${AGREEMENT_TITLES[key]}` })),
  )
}

/** True when the user accepted every agreement's current version after (strictly) their last withdrawal of consent. */
export async function hasCurrentConsent(db: Kysely<DB>, userId: string): Promise<boolean> {
  const withdrawn = await db
    .selectFrom('consent_withdrawals')
    .select((eb) => eb.fn.max('withdrawn_at').as('at'))
    .where('user_id', '=', userId)
    .executeTakeFirst()
  const since = withdrawn?.at ? new Date(withdrawn.at) : new Date(0)
  const accepted = await db
    .selectFrom('user_agreements')
    .select(['agreement', 'version'])
    .where('user_id', '=', userId)
    .where('accepted_at', '>', since)
    .execute()
  return REQUIRED_AGREEMENTS.every((key) =>
    accepted.some((row) => row.agreement === key && row.version === AGREEMENT_VERSIONS[key]),
  )
}
