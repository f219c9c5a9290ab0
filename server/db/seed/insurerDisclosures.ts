import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import { DEMO_SEED_KEY } from './seed'
import { INSURER_DISCLOSURES } from './insurers'

// The demo insurers' disclosures (211_insurer_disclosures.sql), loaded once per version of the list (app_meta),
// also into a catalog seeded before the table existed.

export const DEMO_INSURER_DISCLOSURES_KEY = 'demo_insurer_disclosures_v1_seeded_at'

export async function seedInsurerDisclosures(db: Kysely<DB>, now: Date = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const meta = await trx
      .selectFrom('app_meta')
      .select('key')
      .where('key', 'in', [DEMO_INSURER_DISCLOSURES_KEY, DEMO_SEED_KEY])
      .execute()
    const keys = new Set(meta.map((row) => row.key))
    if (keys.has(DEMO_INSURER_DISCLOSURES_KEY) || !keys.has(DEMO_SEED_KEY)) return false
    const present = new Set(
      (await trx.selectFrom('insurers').select('code').execute()).map((row) => row.code),
    )
    const rows = Object.entries(INSURER_DISCLOSURES)
      .filter(([code]) => present.has(code))
      .map(([code, d]) => ({
        insurer_code: code,
        licence_no: d.licenceNo,
        credit_code: d.creditCode,
        registered_address: d.registeredAddress,
        hotline: d.hotline,
        complaint_phone: d.complaintPhone,
        website: d.website,
        solvency_quarter: d.solvency.quarter,
        comprehensive_solvency_pct: d.solvency.comprehensiveRatioPct,
        core_solvency_pct: d.solvency.coreRatioPct,
        risk_rating: d.solvency.riskRating,
        service_rating_year: d.serviceRating.year,
        service_rating: d.serviceRating.grade,
      }))
    if (rows.length)
      await trx
        .insertInto('insurer_disclosures')
        .values(rows)
        .onConflict((oc) => oc.column('insurer_code').doNothing())
        .execute()
    await trx
      .insertInto('app_meta')
      .values({ key: DEMO_INSURER_DISCLOSURES_KEY, value: now.toISOString() })
      .execute()
    return true
  })
}
