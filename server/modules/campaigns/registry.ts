import { createHash, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql, type Kysely, type Transaction } from 'kysely'
import { listConfigFiles } from '../../../src/page-config/validate'
import type { Campaign } from '../../../src/types/generated/page'
import type { DB } from '../../db/schema'
import { ConfigError } from '../../platform/config'
import { registerGuessItems } from './guess/registry'

// The campaigns of the page configs, registered in the database at start (under the start-up lock, so one
// process does it): the config is the rule, the database keeps the state. A campaign keeps its seed and what it
// has awarded across restarts; changing its config may change weights and caps but never lower a prize's stock
// below what has already been awarded.

export interface DeclaredCampaign {
  id: string
  file: string
  campaign: Campaign
  /** The studio page version that declares it (absent for a folder config). */
  page?: { id: string; version: number }
}

/**
 * `apply` makes the declared rules the ones in force; `check` (a version scheduled for later) only makes sure
 * they could be: a campaign that exists keeps the rules of the version live now, a new one is registered (it
 * acts once its version is live, campaigns/pageGate.ts).
 */
export type RegisterMode = 'apply' | 'check'

const stockRefused = (
  id: string,
  file: string,
  prizeId: string,
  stock: number | undefined,
  awarded: number,
) => new ConfigError([`活动 ${id}（${file}）的奖品 ${prizeId} 库存不能改为 ${stock}：已发出 ${awarded} 份`])

/** Every campaign declared in page-configs/ under `root`; an id declared twice is refused, naming both files. */
export function declaredCampaigns(root: string): DeclaredCampaign[] {
  const out: DeclaredCampaign[] = []
  const seen = new Map<string, string>()
  for (const file of listConfigFiles(root)) {
    const config = JSON.parse(readFileSync(join(root, file), 'utf8')) as {
      campaigns?: Record<string, Campaign>
    }
    for (const [id, campaign] of Object.entries(config.campaigns ?? {})) {
      const first = seen.get(id)
      if (first) throw new ConfigError([`活动编号 ${id} 重复：${first} 与 ${file}`])
      seen.set(id, file)
      out.push({ id, file, campaign })
    }
  }
  return out
}

/**
 * Registers or updates one campaign; refuses a stock below what a prize has awarded, naming campaign and prize.
 * Inside a transaction (a studio publish) it joins it, so a refusal undoes the whole publish.
 */
export async function registerCampaign(
  db: Kysely<DB> | Transaction<DB>,
  declared: DeclaredCampaign,
  now: Date,
  mode: RegisterMode = 'apply',
): Promise<void> {
  if (db.isTransaction) return register(db as Transaction<DB>, declared, now, mode)
  await db.transaction().execute((trx) => register(trx, declared, now, mode))
}

async function register(
  trx: Transaction<DB>,
  declared: DeclaredCampaign,
  now: Date,
  mode: RegisterMode,
): Promise<void> {
  const { id, file, campaign, page } = declared
  const seed = randomBytes(32).toString('hex')
  const definition = JSON.stringify(campaign)
  const pageVersion = page?.version ?? null
  const existing = await trx
    .selectFrom('campaigns')
    .select([
      'file',
      sql<boolean>`definition = ${definition}::jsonb AND page_version IS NOT DISTINCT FROM ${pageVersion}::integer`.as(
        'same',
      ),
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()
  if (existing && existing.file !== file)
    throw new ConfigError([`活动编号 ${id} 已被 ${existing.file} 使用，不能在 ${file} 中再次声明`])
  if (existing?.same) return
  if (existing && mode === 'check') return tryRegister(trx, declared, now)
  const values = {
    kind: campaign.kind,
    title: campaign.title,
    file,
    definition,
    starts_at: new Date(campaign.window.startAt),
    ends_at: new Date(campaign.window.endAt),
    updated_at: now,
    page_id: page?.id ?? null,
    page_version: pageVersion,
  }
  await trx
    .insertInto('campaigns')
    .values({
      id,
      ...values,
      seed,
      seed_hash: createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'),
      registered_at: now,
    })
    // The seed is never replaced: its hash may already have been published.
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute()
  // A guessing game has no prizes: its items are registered below.
  const prizes = campaign.prizes ?? []
  for (const [sort, prize] of prizes.entries()) {
    const row = {
      sort,
      name: prize.name,
      weight: prize.weight,
      stock: prize.stock ?? null,
      daily_cap: prize.dailyCap ?? null,
      reward: JSON.stringify(prize.reward),
    }
    const { rows } = await sql<{ prize_id: string }>`
        INSERT INTO campaign_prizes (campaign_id, prize_id, sort, name, weight, stock, daily_cap, reward)
        VALUES (${id}, ${prize.id}, ${row.sort}, ${row.name}, ${row.weight}, ${row.stock}, ${row.daily_cap},
                ${row.reward}::jsonb)
        ON CONFLICT (campaign_id, prize_id) DO UPDATE
          SET sort = excluded.sort, name = excluded.name, weight = excluded.weight,
              -- Stock topped up in the studio (stock_added) stays on top of the config's stock.
              stock = excluded.stock + campaign_prizes.stock_added,
              daily_cap = excluded.daily_cap, reward = excluded.reward
          WHERE excluded.stock IS NULL OR campaign_prizes.awarded <= excluded.stock + campaign_prizes.stock_added
        RETURNING prize_id`.execute(trx)
    if (rows.length === 0) {
      const { awarded } = await trx
        .selectFrom('campaign_prizes')
        .select('awarded')
        .where('campaign_id', '=', id)
        .where('prize_id', '=', prize.id)
        .executeTakeFirstOrThrow()
      throw stockRefused(id, file, prize.id, prize.stock, awarded)
    }
  }
  await registerGuessItems(trx, id, file, campaign)
  await trx
    .insertInto('campaign_audit')
    .values({
      campaign_id: id,
      actor: 'config',
      action: existing ? 'update' : 'register',
      detail: JSON.stringify({
        file,
        version: pageVersion,
        prizes: prizes.map((p) => [p.id, p.stock ?? null]),
      }),
      at: now,
    })
    .execute()
}

/**
 * Registers the rules and undoes it (a savepoint): the same refusals as a registration (stock below what was
 * awarded, a guess item users acted on), while the rules in force stay as they are.
 */
async function tryRegister(trx: Transaction<DB>, declared: DeclaredCampaign, now: Date): Promise<void> {
  await sql`SAVEPOINT campaign_check`.execute(trx)
  try {
    await register(trx, declared, now, 'apply')
  } finally {
    await sql`ROLLBACK TO SAVEPOINT campaign_check`.execute(trx)
  }
}

/** Registers every declared campaign (at start). */
export async function syncCampaigns(db: Kysely<DB>, root: string, now: Date): Promise<number> {
  const declared = declaredCampaigns(root)
  for (const campaign of declared) await registerCampaign(db, campaign, now)
  return declared.length
}
