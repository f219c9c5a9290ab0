import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { sql, type Kysely } from 'kysely'
import { analyzeTest, horizonProblem, sampleRatioP, sampleSizePerVariant } from '../../../src/domain/abStats'
import {
  assignVariant,
  CONTROL,
  goalProblems,
  goalText,
  trackedBlocks,
  variantProblems,
  type Variant,
} from '../../../src/domain/experiments'
import { isObject } from '../../../src/page-config/json'
import { RENDER_REQUEST_HEADER } from '../../../src/page-config/screenHtml'
import type {
  CreateExperiment,
  Experiment,
  ExperimentGoal,
  ExperimentList,
  ExperimentResults,
  ExperimentVariant,
  VariantKey,
} from '../../../src/types/generated/api/experiments'
import type { Staff } from '../../../src/types/generated/api/studio'
import type { DB } from '../../db/schema'
import { ApiError } from '../../platform/errors'
import type { RenderCache } from '../../platform/renderCache'
import { toIso } from '../../platform/time'
import { livePublication, lockPage } from '../pages/publications'
import { pageNotFound, type LiveVariant, type PageService } from '../pages/service'
import type { StaffAudit } from '../studio/audit'
import type { PageConfigJson } from '../studio/tables'
import { ensureVisitor, visitorOf } from './visitor'

// A/B tests of a published page (docs/analytics.md#ab-tests): a test's variants are versions of the page with a
// traffic split and one goal. Created as a draft (编辑), started, stopped and promoted by a publisher (each in the
// audit log). While a test runs and its control A is the live version, GET /api/pages/{id} and the page's HTML
// answer each visitor the version of their variant (assignVariant: sticky, from the anonymous `aid` cookie); a
// visitor who opted out sees A and gets no cookie. Results: exposures and conversions rolled up from the events
// (experimentsRollup.ts), read with a fixed-horizon two-proportion z-test (src/domain/abStats.ts).

declare module '../../platform/services' {
  interface Services {
    /** A/B tests: the studio's routes, and each visitor's variant of a page under test. */
    experiments: ExperimentService
  }
}

/** The header a render's in-process requests carry: the variant the pages API is to answer (never a browser's). */
export const PAGE_VARIANT_HEADER = 'x-page-variant'
/** Known to this process only: a browser cannot make a header the pages API believes. */
const RENDER_SECRET = randomBytes(18).toString('base64url')
const RENDER_SECRET_BYTES = Buffer.from(RENDER_SECRET)

/** A page opened directly (/activity/{id}, /app/activity/{id}): its id, still URL-encoded. */
const PUBLISHED_PATH = /^(?:\/app)?\/activity\/([^/]+)\/?$/i
const PAGE_ID = /^[a-z][a-zA-Z0-9-]{1,39}$/
/** The kept list of running tests (in the render cache: read again when content changes, at most every 5 s). */
const RUNNING_KEY = 'experiments: running'

/** A visitor's variant of a page under test, as a request sees it. */
export interface PageTest extends LiveVariant {
  /**
   * Whether a shared cache may keep the answer (with `Vary: Cookie`): the request came with its visitor id. A
   * request without one (a new visitor given a cookie now, or one who opted out) is answered `private`.
   */
  shared: boolean
  /** The header (name, value) a render's in-process requests carry to be answered this variant. */
  header: [string, string]
}

interface RunningTest {
  id: string
  pageId: string
  variants: Variant[]
}

interface ExperimentRow {
  id: string
  page_id: string
  name: string
  status: 'draft' | 'running' | 'stopped'
  variants: Variant[]
  goal: ExperimentGoal
  baseline_rate: number
  min_effect: number
  sample_per_variant: number
  started_at: Date | null
  stopped_at: Date | null
  winner: string | null
  created_at: Date
  created_by_name: string
}

const experimentNotFound = () => new ApiError(404, 'EXPERIMENT_NOT_FOUND', 'A/B 测试不存在')

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'

/** "variants/1/version" as the API's error details name fields: "variants.1.version". */
const fieldName = (field: string) => field.replace(/\//g, '.')

function invalid(problems: { field: string; message: string }[]): ApiError {
  const details = problems.map((p) => ({ field: fieldName(p.field), message: p.message }))
  return new ApiError(400, 'EXPERIMENT_INVALID', details[0].message, details)
}

/** "A v3 50%、B v5 50%" */
const splitText = (variants: readonly Variant[]) =>
  variants.map((v) => `${v.key} v${v.version} ${v.weight}%`).join('、')

/** A campaign's rules as text with sorted keys: two versions declare the same rules when these are equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`
  return JSON.stringify(value) ?? 'null'
}

const campaignsOf = (config: PageConfigJson): Record<string, unknown> =>
  isObject(config.campaigns) ? (config.campaigns as Record<string, unknown>) : {}

/**
 * What makes a test's versions unfit to be shown side by side: a click goal's block missing from a variant (its
 * rate would be 0 by construction), or campaigns that differ from the control's. A campaign's state (stock,
 * chances, draws) is kept by campaign id and its rules are those of the live version (campaigns/pageGate.ts), so
 * every variant must declare exactly the control's campaigns, with the same rules: then a visitor's chances and
 * the prizes left are the same whichever variant they see.
 */
function versionProblems(
  variants: readonly Variant[],
  configs: ReadonlyMap<number, PageConfigJson>,
  goal: ExperimentGoal,
): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = []
  variants.forEach((variant, i) => {
    if (!configs.has(variant.version))
      problems.push({
        field: `variants/${i}/version`,
        message: `版本 ${variant.key} 选择的页面版本 v${variant.version} 不存在`,
      })
  })
  if (problems.length) return problems
  if (goal.kind === 'click')
    variants.forEach((variant, i) => {
      const blocks = trackedBlocks(configs.get(variant.version) ?? {})
      if (!blocks.some((b) => b.id === goal.blockId))
        problems.push({
          field: i === 0 ? 'goal/blockId' : `variants/${i}/version`,
          message: `版本 ${variant.key}（v${variant.version}）没有模块 ${goal.blockId}：点击目标须在每个版本中都有（可给模块设置相同的 id）`,
        })
    })
  const control = campaignsOf(configs.get(variants[0].version) ?? {})
  const controlIds = Object.keys(control).sort()
  variants.slice(1).forEach((variant, j) => {
    const own = campaignsOf(configs.get(variant.version) ?? {})
    const ids = Object.keys(own).sort()
    const field = `variants/${j + 1}/version`
    const added = ids.filter((id) => !(id in control))
    const missing = controlIds.filter((id) => !(id in own))
    if (added.length || missing.length)
      problems.push({
        field,
        message: `版本 ${variant.key} 的活动与对照组 A 不同（${[
          added.length ? `多出 ${added.join('、')}` : '',
          missing.length ? `缺少 ${missing.join('、')}` : '',
        ]
          .filter(Boolean)
          .join('，')}）：各版本须使用同一组活动，库存和抽奖机会才能共享`,
      })
    else {
      const changed = ids.filter((id) => canonical(own[id]) !== canonical(control[id]))
      if (changed.length)
        problems.push({
          field,
          message: `版本 ${variant.key} 中活动 ${changed.join('、')} 的规则与对照组 A 不同：各版本的活动规则须相同（库存、机会共享）`,
        })
    }
  })
  return problems
}

export class ExperimentService {
  /** Each kept list of running tests, parsed once. */
  private readonly parsed = new WeakMap<object, Map<string, RunningTest>>()
  /** Each request's variant, computed once (the HTML path may ask twice: the renderer, then the shell). */
  private readonly perRequest = new WeakMap<FastifyRequest, Promise<PageTest | null>>()

  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly audit: StaffAudit,
    private readonly pages: () => PageService,
    private readonly renderCache: RenderCache,
    private readonly secureCookies: boolean,
  ) {}

  // ---- serving ----

  /** The page's running test, from the kept list (no query per request). */
  async runningTest(pageId: string): Promise<RunningTest | undefined> {
    const kept = await this.renderCache.get(RUNNING_KEY, async () => {
      const rows = await this.db
        .selectFrom('page_experiments')
        .select(['id', 'page_id', 'variants'])
        .where('status', '=', 'running')
        .execute()
      return {
        body: JSON.stringify(rows.map((r) => ({ id: r.id, pageId: r.page_id, variants: r.variants }))),
      }
    })
    if (!kept) return undefined
    let byPage = this.parsed.get(kept)
    if (!byPage) {
      const list = JSON.parse(kept.body) as RunningTest[]
      byPage = new Map(list.map((t) => [t.pageId, t]))
      this.parsed.set(kept, byPage)
    }
    return byPage.get(pageId)
  }

  /**
   * The variant this request sees of page `pageId`, null when the page has no running test. Gives the visitor
   * their `aid` cookie when they have none (and did not opt out). A render's in-process request names the variant
   * of the visitor it renders for in PAGE_VARIANT_HEADER, with this process's secret.
   */
  forPage(request: FastifyRequest, reply: FastifyReply, pageId: string): Promise<PageTest | null> {
    let answer = this.perRequest.get(request)
    if (!answer) {
      answer = this.computeVariant(request, reply, pageId)
      this.perRequest.set(request, answer)
    }
    return answer
  }

  /** forPage for a page opened directly (/activity/{id}, /app/activity/{id}; not a preview link). */
  async forPageUrl(request: FastifyRequest, reply: FastifyReply): Promise<PageTest | null> {
    const url = new URL(request.url, 'http://localhost')
    const encoded = PUBLISHED_PATH.exec(url.pathname)?.[1]
    if (!encoded || url.searchParams.has('preview')) return null
    let id: string
    try {
      id = decodeURIComponent(encoded)
    } catch {
      return null
    }
    return PAGE_ID.test(id) ? this.forPage(request, reply, id) : null
  }

  private async computeVariant(
    request: FastifyRequest,
    reply: FastifyReply,
    pageId: string,
  ): Promise<PageTest | null> {
    const test = await this.runningTest(pageId)
    if (!test) return null
    const control = test.variants[0]
    let key = trustedVariant(request, test.id)
    let shared = true
    if (!key) {
      const known = visitorOf(request)
      const visitor = known ?? ensureVisitor(request, reply, this.secureCookies)
      key = visitor ? assignVariant(test.id, visitor, test.variants) : CONTROL
      shared = known !== null
    }
    const variant = test.variants.find((v) => v.key === key) ?? control
    return {
      experimentId: test.id,
      variant: variant.key as VariantKey,
      version: variant.version,
      controlVersion: control.version,
      shared,
      header: [PAGE_VARIANT_HEADER, `${RENDER_SECRET}.${test.id}.${variant.key}`],
    }
  }

  // ---- the studio ----

  private async rows(filter: { pageId?: string; id?: string }): Promise<ExperimentRow[]> {
    let query = this.db
      .selectFrom('page_experiments as e')
      .innerJoin('staff_users as u', 'u.id', 'e.created_by')
      .select([
        'e.id',
        'e.page_id',
        'e.name',
        'e.status',
        'e.variants',
        'e.goal',
        'e.baseline_rate',
        'e.min_effect',
        'e.sample_per_variant',
        'e.started_at',
        'e.stopped_at',
        'e.winner',
        'e.created_at',
        'u.display_name as created_by_name',
      ])
    if (filter.pageId) query = query.where('e.page_id', '=', filter.pageId)
    if (filter.id) query = query.where('e.id', '=', filter.id)
    return query.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').execute()
  }

  private async row(id: string): Promise<ExperimentRow> {
    const [row] = await this.rows({ id })
    if (!row) throw experimentNotFound()
    return row
  }

  /** The page's live version (null: never published, or offline). */
  private async liveVersion(pageId: string, db: Kysely<DB> = this.db): Promise<number | null> {
    const { rows } = await sql<{ version: number | null }>`
      SELECT live.version FROM (${livePublication(pageId, this.now())}) live`.execute(db)
    return rows[0]?.version ?? null
  }

  private toExperiment(row: ExperimentRow, liveVersion: number | null): Experiment {
    return {
      id: row.id,
      pageId: row.page_id,
      name: row.name,
      status: row.status,
      variants: row.variants as ExperimentVariant[],
      goal: row.goal,
      baselineRate: Number(row.baseline_rate),
      minEffect: Number(row.min_effect),
      samplePerVariant: Number(row.sample_per_variant),
      startedAt: row.started_at ? toIso(row.started_at) : null,
      stoppedAt: row.stopped_at ? toIso(row.stopped_at) : null,
      winner: (row.winner as VariantKey | null) ?? null,
      createdBy: row.created_by_name,
      createdAt: toIso(row.created_at),
      paused: row.status === 'running' && liveVersion !== row.variants[0]?.version,
    }
  }

  private async assertPage(pageId: string): Promise<void> {
    const page = await this.db
      .selectFrom('studio_pages')
      .select('id')
      .where('id', '=', pageId)
      .executeTakeFirst()
    if (!page) throw pageNotFound()
  }

  async list(pageId: string): Promise<ExperimentList> {
    await this.assertPage(pageId)
    const liveVersion = await this.liveVersion(pageId)
    const rows = await this.rows({ pageId })
    return { experiments: rows.map((r) => this.toExperiment(r, liveVersion)), liveVersion }
  }

  async get(id: string): Promise<Experiment> {
    const row = await this.row(id)
    return this.toExperiment(row, await this.liveVersion(row.page_id))
  }

  /** The configs of the page's versions named. */
  private async configs(pageId: string, versions: number[]): Promise<Map<number, PageConfigJson>> {
    if (!versions.length) return new Map()
    const rows = await this.db
      .selectFrom('studio_page_versions')
      .select(['version', 'config'])
      .where('page_id', '=', pageId)
      .where('version', 'in', versions)
      .execute()
    return new Map(rows.map((r) => [r.version, r.config]))
  }

  /** 400 naming the field for settings that cannot make a test; the versions' configs otherwise. */
  private async checkSettings(
    pageId: string,
    variants: readonly Variant[],
    goal: ExperimentGoal,
  ): Promise<Map<number, PageConfigJson>> {
    const basic = [...variantProblems(variants), ...goalProblems(goal)]
    if (basic.length) throw invalid(basic)
    const configs = await this.configs(
      pageId,
      variants.map((v) => v.version),
    )
    const problems = versionProblems(variants, configs, goal)
    if (problems.length) throw invalid(problems)
    return configs
  }

  async create(pageId: string, input: CreateExperiment, staff: Staff): Promise<Experiment> {
    await this.assertPage(pageId)
    const variants: Variant[] = input.variants.map((v) => ({ ...v, label: v.label.trim() }))
    const name = input.name.trim()
    if (!name) throw invalid([{ field: 'name', message: '请填写测试名称' }])
    const horizon = {
      baselineRate: input.baselineRate,
      minEffect: input.minEffect,
      variants: variants.length,
    }
    const problem = horizonProblem(horizon)
    if (problem) throw invalid([problem])
    await this.checkSettings(pageId, variants, input.goal)
    const sample = sampleSizePerVariant(horizon)
    const id = `ab-${randomBytes(6).toString('hex')}`
    const now = this.now()
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('page_experiments')
        .values({
          id,
          page_id: pageId,
          name,
          status: 'draft',
          variants: JSON.stringify(variants),
          goal: JSON.stringify(input.goal),
          baseline_rate: input.baselineRate,
          min_effect: input.minEffect,
          sample_per_variant: sample,
          created_by: staff.id,
          created_at: now,
        })
        .execute()
      await this.audit.record(
        staff,
        {
          action: 'experiment-create',
          pageId,
          detail: `新建 A/B 测试「${name}」（${id}）：${splitText(variants)}；目标 ${goalText(input.goal)}；每组 ${sample} 访客`,
        },
        trx,
      )
    })
    return this.get(id)
  }

  /** Deletes a test never started (a draft). */
  async remove(id: string, staff: Staff): Promise<{ id: string }> {
    const row = await this.row(id)
    await this.db.transaction().execute(async (trx) => {
      const deleted = await trx
        .deleteFrom('page_experiments')
        .where('id', '=', id)
        .where('status', '=', 'draft')
        .returning('id')
        .executeTakeFirst()
      if (!deleted) throw new ApiError(409, 'EXPERIMENT_NOT_DRAFT', '只能删除未开始的测试')
      await this.audit.record(
        staff,
        {
          action: 'experiment-delete',
          pageId: row.page_id,
          detail: `删除未开始的 A/B 测试「${row.name}」（${id}）`,
        },
        trx,
      )
    })
    return { id }
  }

  /**
   * Starts a draft: the page must be live with the control A as its live version, no other test of the page
   * running (the partial unique index decides between two starting at once), the variants still valid configs
   * of the page with the control's campaigns.
   */
  async start(id: string, staff: Staff): Promise<Experiment> {
    const row = await this.row(id)
    if (row.status !== 'draft')
      throw new ApiError(409, 'EXPERIMENT_NOT_DRAFT', '该测试已开始过，不能再次开始；可以新建一个测试')
    const configs = await this.checkSettings(row.page_id, row.variants, row.goal)
    // Each variant as a config of this page today (checks change; a campaign id may have been taken since).
    const pages = this.pages()
    for (const [i, variant] of row.variants.entries()) {
      const errors = await pages.validate(configs.get(variant.version), row.page_id)
      if (errors.length)
        throw invalid([
          {
            field: `variants/${i}/version`,
            message: `版本 ${variant.key}（v${variant.version}）有 ${errors.length} 个错误，不能开始：${errors[0].pointer || '/'} ${errors[0].message}`,
          },
        ])
    }
    const now = this.now()
    try {
      await this.db.transaction().execute(async (trx) => {
        // In line with publications: none goes live between the check below and the start.
        await lockPage(trx, row.page_id)
        const { rows } = await sql<{ version: number | null }>`
          SELECT live.version FROM (${livePublication(row.page_id, now)}) live`.execute(trx)
        const live = rows[0]?.version ?? null
        if (live === null) throw new ApiError(409, 'PAGE_NOT_LIVE', '页面尚未发布或已下线，不能开始测试')
        if (live !== row.variants[0].version)
          throw new ApiError(
            409,
            'CONTROL_NOT_LIVE',
            `对照组 A 须为当前线上版本 v${live}（现为 v${row.variants[0].version}），请新建测试`,
            [{ field: 'variants.0.version', message: `须为线上版本 v${live}` }],
          )
        const running = await trx
          .selectFrom('page_experiments')
          .select('name')
          .where('page_id', '=', row.page_id)
          .where('status', '=', 'running')
          .executeTakeFirst()
        if (running) throw alreadyRunning(running.name)
        const started = await trx
          .updateTable('page_experiments')
          .set({ status: 'running', started_at: now })
          .where('id', '=', id)
          .where('status', '=', 'draft')
          .returning('id')
          .executeTakeFirst()
        if (!started) throw new ApiError(409, 'EXPERIMENT_NOT_DRAFT', '该测试已开始过，不能再次开始')
        await this.audit.record(
          staff,
          {
            action: 'experiment-start',
            pageId: row.page_id,
            version: row.variants[0].version,
            detail: `开始 A/B 测试「${row.name}」（${id}）：${splitText(row.variants)}；目标 ${goalText(row.goal)}；每组 ${row.sample_per_variant} 访客`,
          },
          trx,
        )
      })
    } catch (error) {
      // Two starts at once on two pages' tests cannot collide; two tests of one page meet here at the latest.
      if (isUniqueViolation(error)) throw alreadyRunning(null)
      throw error
    }
    return this.get(id)
  }

  async stop(id: string, staff: Staff): Promise<Experiment> {
    const row = await this.row(id)
    const now = this.now()
    await this.db.transaction().execute(async (trx) => {
      const stopped = await trx
        .updateTable('page_experiments')
        .set({ status: 'stopped', stopped_at: now })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .returning('id')
        .executeTakeFirst()
      if (!stopped) throw new ApiError(409, 'EXPERIMENT_NOT_RUNNING', '该测试不在进行中')
      await this.audit.record(
        staff,
        {
          action: 'experiment-stop',
          pageId: row.page_id,
          detail: `停止 A/B 测试「${row.name}」（${id}）：访客此后看到线上版本`,
        },
        trx,
      )
    })
    return this.get(id)
  }

  /**
   * 推广胜出版本: the variant's version goes live now through the publishing service (a rollback to it: in the
   * audit log like any publication, its campaigns registered), and in the same transaction the test stops with
   * that winner. From a running test or one stopped without a winner.
   */
  async promote(id: string, key: VariantKey, staff: Staff): Promise<Experiment> {
    const row = await this.row(id)
    if (row.status === 'draft' || row.winner)
      throw new ApiError(
        409,
        'EXPERIMENT_NOT_PROMOTABLE',
        row.winner ? `该测试已推广版本 ${row.winner}` : '测试尚未开始，没有可推广的结果',
      )
    const variant = row.variants.find((v) => v.key === key)
    if (!variant) throw invalid([{ field: 'variant', message: `该测试没有版本 ${key}` }])
    const now = this.now()
    await this.pages().rollback(row.page_id, variant.version, staff, {
      reason: `推广 A/B 测试「${row.name}」的胜出版本 ${key}：`,
      within: async (trx) => {
        const done = await trx
          .updateTable('page_experiments')
          .set((eb) => ({
            status: 'stopped',
            winner: key,
            stopped_at: eb.fn.coalesce('stopped_at', eb.val(now)),
          }))
          .where('id', '=', id)
          .where('status', 'in', ['running', 'stopped'])
          .where('winner', 'is', null)
          .returning('id')
          .executeTakeFirst()
        if (!done) throw new ApiError(409, 'EXPERIMENT_NOT_PROMOTABLE', '该测试已推广或已变更，请刷新后查看')
        await this.audit.record(
          staff,
          {
            action: 'experiment-promote',
            pageId: row.page_id,
            version: variant.version,
            detail: `A/B 测试「${row.name}」（${id}）推广版本 ${key}（v${variant.version}）为线上版本，测试结束`,
          },
          trx,
        )
      },
    })
    return this.get(id)
  }

  /** Per variant: exposed visitors, conversions, rate with its interval, the comparison with A; a verdict only
   * at the horizon. */
  async results(id: string): Promise<ExperimentResults> {
    const row = await this.row(id)
    const experiment = this.toExperiment(row, await this.liveVersion(row.page_id))
    const { rows } = await sql<{ variant: string; visitors: string | number; conversions: string | number }>`
      SELECT variant, count(*) AS visitors, count(converted_at) AS conversions
        FROM analytics_experiment_visitors WHERE experiment_id = ${id}
       GROUP BY variant`.execute(this.db)
    const counted = new Map(rows.map((r) => [r.variant, r]))
    const counts = row.variants.map((v) => ({
      key: v.key,
      visitors: Number(counted.get(v.key)?.visitors ?? 0),
      conversions: Number(counted.get(v.key)?.conversions ?? 0),
    }))
    const result = analyzeTest(counts, Number(row.sample_per_variant))
    const state = await this.db
      .selectFrom('analytics_rollup_state')
      .select('rolled_up_to')
      .where('id', '=', 1)
      .executeTakeFirst()
    return {
      experiment,
      horizon: result.horizon,
      comparisons: result.comparisons,
      alpha: result.alpha,
      differenceLevel: result.differenceLevel,
      progress: result.progress,
      reachedHorizon: result.reachedHorizon,
      variants: result.variants.map((v, i) => ({
        key: v.key as VariantKey,
        label: row.variants[i].label,
        version: row.variants[i].version,
        weight: row.variants[i].weight,
        visitors: v.visitors,
        conversions: v.conversions,
        rate: v.rate,
        rateInterval: v.rateInterval,
        progress: v.progress,
        ...(v.comparison ? { comparison: v.comparison } : {}),
      })),
      verdict:
        result.verdict.state === 'winner'
          ? { state: 'winner', winner: result.verdict.winner as VariantKey }
          : { state: result.verdict.state },
      sampleRatioP: sampleRatioP(
        counts.map((c) => c.visitors),
        row.variants.map((v) => v.weight),
      ),
      dataUpTo: toIso(state?.rolled_up_to ?? this.now()),
    }
  }
}

const alreadyRunning = (name: string | null) =>
  new ApiError(
    409,
    'EXPERIMENT_RUNNING',
    name ? `该页面已有进行中的测试「${name}」，请先停止它` : '该页面已有进行中的测试，请先停止它',
  )

/** The variant a render's in-process request names (with this process's secret), or null. */
function trustedVariant(request: FastifyRequest, experimentId: string): string | null {
  const given = request.headers[PAGE_VARIANT_HEADER]
  if (typeof given !== 'string' || !request.headers[RENDER_REQUEST_HEADER]) return null
  const [secret, id, key] = given.split('.')
  const bytes = Buffer.from(secret ?? '')
  if (bytes.length !== RENDER_SECRET_BYTES.length || !timingSafeEqual(bytes, RENDER_SECRET_BYTES)) return null
  return id === experimentId && typeof key === 'string' ? key : null
}
