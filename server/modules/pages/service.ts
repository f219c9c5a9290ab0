import { randomBytes } from 'node:crypto'
import { sql, type Kysely, type Transaction } from 'kysely'
import { compileMarkdown } from '../../../src/page-config/markdown'
import { markdownSources } from '../../../src/page-config/markdownSources'
import type { MarkdownTrees } from '../../../src/page-config/markdownTree'
import { isObject } from '../../../src/page-config/json'
import { PointerLocator } from '../../../src/page-config/locate'
import { CURRENT_SCHEMA_VERSION, currentPageJson, migrateConfig } from '../../../src/page-config/migrations'
import { phaseAt } from '../../../src/page-config/schedule'
import type { Campaign, PageConfig } from '../../../src/types/generated/page'
import type { ErrorDetail } from '../../../src/types/generated/api/common'
import type { OfflinePage, PreviewPage, PublishedPage } from '../../../src/types/generated/api/page'
import type {
  CreatePage,
  DraftSaved,
  PageDetail,
  PageStatus,
  PageSummary,
  Publication,
  Published,
  PreviewLink,
  ScheduleCancelled,
  Staff,
  StudioConfigError,
  SupersededSchedule,
  Unpublished,
  VersionConfig,
  VersionList,
} from '../../../src/types/generated/api/studio'
import type { DB } from '../../db/schema'
import { ConfigError } from '../../platform/config'
import { ApiError, invalidField } from '../../platform/errors'
import { toIso } from '../../platform/time'
import { registerCampaign, type RegisterMode } from '../campaigns/registry'
import type { AuditRecord, StaffAudit } from '../studio/audit'
import { clockTime } from '../studio/service'
import type { PageConfigJson, PublicationKind } from '../studio/tables'
import { renameCampaigns } from '../../../src/page-config/campaignRename'
import { campaignOwners, campaignTakenMessage } from './campaignOwners'
import { RESERVED_PAGE_IDS, type FolderConfigs } from './folders'
import { PREVIEW_TTL_MS, type PreviewTokens } from './previewTokens'
import {
  livePublication,
  lockPage,
  pendingSchedules,
  supersedePending,
  type SupersededSchedule as Superseded,
} from './publications'
import { shownProductTexts } from './shownProducts'
import type { PageConfigValidator } from './validateConfig'
import type { CatalogService } from '../catalog/service'

/** A published page is validated as the file it would be in the repository: messages name it, its route is /activity/{id}. */
export const pageFile = (id: string) => `page-configs/activity/${id}.json`
/** The studio's validation without a page (POST /api/studio/validate without ?id). */
const UNNAMED_PAGE = 'new'

export const pageNotFound = () => new ApiError(404, 'PAGE_NOT_FOUND', '页面不存在')

/** The messages of what the database cannot keep (UNSTORABLE): the only errors that refuse a save. */
const UNSTORABLE_MESSAGES = new Set(['不能包含控制字符或无效字符', '字段名不能包含控制字符或无效字符'])

/** What jsonb cannot hold (NUL) and what is no character (a lone surrogate): refused at the field. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSTORABLE = /[\u0000]|\p{Surrogate}/u

/** Every markdown text of a config compiled to its element tree (the browser ships no markdown parser). */
export function compileTrees(config: unknown): MarkdownTrees {
  const trees: MarkdownTrees = {}
  for (const source of markdownSources(config)) trees[source] = compileMarkdown(source)
  return trees
}

function campaignsOf(config: PageConfigJson): [string, Campaign][] {
  return isObject(config.campaigns) ? (Object.entries(config.campaigns) as [string, Campaign][]) : []
}

interface SummaryRow {
  id: string
  title: string
  draft_revision: number
  saved_at: Date
  saved_by_name: string
  live_version: number | null
  live_kind: PublicationKind | null
  live_at: Date | null
  live_by: string | null
  live_schedule: PageConfig['schedule'] | null
  scheduled_at: Date | null
  draft_matches_live: boolean | null
  draft_errors: number
}

type Db = Kysely<DB> | Transaction<DB>

/** A visitor's variant of the page's running A/B test (server/modules/analytics/experiments.ts). */
export interface LiveVariant {
  experimentId: string
  variant: NonNullable<PublishedPage['experiment']>['variant']
  /** The variant's version. */
  version: number
  /** The control's version: the test applies while it is the live version. */
  controlVersion: number
}

/**
 * A publication row (`version` goes live at `at`; an unpublish has no version) that supersedes the page's pending
 * schedules; the caller holds the page's row lock. What it superseded, for the answer and the audit log.
 */
async function publication(
  trx: Transaction<DB>,
  p: { id: string; version: number | null; kind: PublicationKind; at: Date; staff: Staff; now: Date },
): Promise<Superseded[]> {
  const { id } = await trx
    .insertInto('studio_publications')
    .values({
      page_id: p.id,
      version: p.version,
      kind: p.kind,
      publish_at: p.at,
      created_by: p.staff.id,
      created_at: p.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return supersedePending(trx, { pageId: p.id, by: id, staffId: p.staff.id, now: p.now })
}

const supersededAnswer = (list: Superseded[]): SupersededSchedule[] =>
  list.map((s) => ({ version: s.version, publishAt: toIso(s.publishAt) }))

/** "，取代定时发布：版本 2（…）" for the audit log, or nothing. */
const supersededText = (list: Superseded[]) =>
  list.length
    ? `，取代定时发布：${list.map((s) => `版本 ${s.version}（${toIso(s.publishAt)}）`).join('、')}`
    : ''

/**
 * Pages built in the studio: a draft per page saved with optimistic locking, immutable versions, publications
 * (now, at a time, rollback, unpublish). The live version at a moment is the newest publication at or before it
 * that was never cancelled; each publication supersedes the pending schedules (publications.ts).
 */
export class PageService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly audit: StaffAudit,
    readonly folders: FolderConfigs,
    private readonly validator: () => Promise<PageConfigValidator>,
    private readonly tokens: PreviewTokens,
    /** The catalog, whose products a page's product lists show (their texts are linted too). */
    private readonly catalog?: () => Pick<CatalogService, 'products'>,
  ) {}

  // ---- studio: reading ----

  private async summaries(now: Date, filter: { id?: string; q?: string }): Promise<SummaryRow[]> {
    const like = filter.q ? `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
    // Whether the draft differs from the live version is asked of one page only (the list needs no jsonb casts).
    const matches = filter.id
      ? sql`CASE WHEN v.config IS NULL THEN NULL ELSE p.draft::jsonb = v.config::jsonb END`
      : sql`NULL`
    const { rows } = await sql<SummaryRow>`
      SELECT p.id, p.title, p.draft_revision, p.draft_errors, p.saved_at, u.display_name AS saved_by_name,
             live.version AS live_version, live.kind AS live_kind, live.publish_at AS live_at,
             lu.display_name AS live_by, v.config -> 'schedule' AS live_schedule,
             (SELECT min(f.publish_at) FROM studio_publications f
               WHERE f.page_id = p.id AND f.publish_at > ${now} AND f.cancelled_at IS NULL) AS scheduled_at,
             ${matches} AS draft_matches_live
        FROM studio_pages p
        JOIN staff_users u ON u.id = p.saved_by
        LEFT JOIN LATERAL (${livePublication(sql.ref('p.id'), now)}) live ON true
        LEFT JOIN staff_users lu ON lu.id = live.created_by
        LEFT JOIN studio_page_versions v ON v.page_id = p.id AND v.version = live.version
       WHERE (${filter.id ?? null}::text IS NULL OR p.id = ${filter.id ?? null})
         AND (${like}::text IS NULL OR p.id ILIKE ${like} OR p.title ILIKE ${like})
       ORDER BY p.saved_at DESC, p.id`.execute(this.db)
    return rows
  }

  /**
   * The status by server time: the phase of the live version's schedule; 未开始 while only a schedule is pending;
   * 草稿 for a page never published with nothing pending.
   */
  private toSummary(row: SummaryRow, now: Date): PageSummary {
    let status: PageStatus
    if (row.live_kind === null) status = row.scheduled_at ? 'upcoming' : 'draft'
    else if (row.live_kind === 'unpublish') status = row.scheduled_at ? 'upcoming' : 'offline'
    else status = phaseAt(row.live_schedule ?? undefined, now.getTime())
    return {
      id: row.id,
      title: row.title,
      status,
      liveVersion: row.live_kind === 'unpublish' ? null : row.live_version,
      draftRevision: row.draft_revision,
      updatedAt: toIso(row.saved_at),
      updatedBy: row.saved_by_name,
      scheduledAt: row.scheduled_at ? toIso(row.scheduled_at) : null,
      draftErrors: row.draft_errors,
    }
  }

  async list(q: string | undefined): Promise<PageSummary[]> {
    const now = this.now()
    return (await this.summaries(now, { q: q?.trim() || undefined })).map((row) => this.toSummary(row, now))
  }

  async get(id: string): Promise<PageDetail> {
    const now = this.now()
    const [row] = await this.summaries(now, { id })
    if (!row) throw pageNotFound()
    const { draft } = await this.db
      .selectFrom('studio_pages')
      .select('draft')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    const pending = await pendingSchedules(this.db, id, now)
    const live =
      row.live_version !== null && row.live_at && row.live_by && row.live_kind !== 'unpublish'
        ? {
            version: row.live_version,
            kind: row.live_kind === 'rollback' ? ('rollback' as const) : ('publish' as const),
            publishAt: toIso(row.live_at),
            by: row.live_by,
          }
        : null
    return {
      ...this.toSummary(row, now),
      config: draft,
      savedBy: row.saved_by_name,
      savedAt: toIso(row.saved_at),
      errors: await this.validate(draft, id),
      live,
      pending: pending.map((p) => ({
        id: p.id,
        version: p.version ?? 0,
        publishAt: toIso(p.publish_at),
        by: p.display_name,
        createdAt: toIso(p.created_at),
      })),
      draftMatchesLive: live ? row.draft_matches_live : null,
    }
  }

  // ---- studio: validation ----

  /** The shared core's findings on a config, located in JSON.stringify(config, null, 2) (what the studio shows). */
  async validate(config: unknown, id: string = UNNAMED_PAGE): Promise<StudioConfigError[]> {
    const text = JSON.stringify(config, null, 2)
    const file = pageFile(id)
    const others = (await this.db.selectFrom('studio_pages').select('id').execute())
      .map((r) => pageFile(r.id))
      .filter((f) => f !== file)
    const catalog = this.catalog?.()
    const shown = catalog ? await shownProductTexts(config, (q) => catalog.products(q)) : []
    const check = (await this.validator()).validate(text, file, others, shown)
    const errors: StudioConfigError[] = check.errors.map(({ pointer, message, line, column }) => ({
      pointer,
      message,
      line,
      column,
    }))
    const locator = new PointerLocator(text)
    const scan = (node: unknown, pointer: string) => {
      if (typeof node === 'string') {
        if (UNSTORABLE.test(node))
          errors.push({ pointer, message: '不能包含控制字符或无效字符', ...locator.locate(pointer) })
      } else if (Array.isArray(node)) node.forEach((item, i) => scan(item, `${pointer}/${i}`))
      else if (isObject(node))
        for (const [key, value] of Object.entries(node)) {
          const at = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`
          if (UNSTORABLE.test(key))
            errors.push({
              pointer: at,
              message: '字段名不能包含控制字符或无效字符',
              ...locator.locate(at, true),
            })
          else scan(value, at)
        }
    }
    scan(config, '')
    errors.push(...(await this.campaignsTaken(config, id, locator)))
    return errors
  }

  /** The page's campaigns whose ids another page (or a repository config) uses: named by its title. */
  private async campaignsTaken(
    config: unknown,
    id: string,
    locator: PointerLocator,
  ): Promise<StudioConfigError[]> {
    const own = isObject(config) && isObject(config.campaigns) ? Object.keys(config.campaigns) : []
    if (own.length === 0) return []
    const owners = await campaignOwners(this.db, id)
    return own.flatMap((campaign) => {
      const owner = owners.get(campaign)
      if (!owner) return []
      const pointer = `/campaigns/${campaign}`
      return [{ pointer, message: campaignTakenMessage(campaign, owner), ...locator.locate(pointer, true) }]
    })
  }

  private refuse(errors: StudioConfigError[], doing: string): never {
    const details: ErrorDetail[] = errors.map((e) => ({ field: e.pointer || '/', ...e }))
    throw new ApiError(
      400,
      'CONFIG_INVALID',
      `配置有 ${errors.length} 处错误，${doing}：${errors[0].pointer || '/'} ${errors[0].message}`,
      details,
    )
  }

  /** 409 DRAFT_HAS_ERRORS: a draft saved with errors is never published (nor scheduled, nor previewed by link). */
  private async refuseInvalid(config: unknown, id: string, doing: string): Promise<void> {
    const errors = await this.validate(config, id)
    if (errors.length === 0) return
    const details: ErrorDetail[] = errors.map((e) => ({ field: e.pointer || '/', ...e }))
    throw new ApiError(
      409,
      'DRAFT_HAS_ERRORS',
      `草稿有 ${errors.length} 个错误，${doing}：${errors[0].pointer || '/'} ${errors[0].message}`,
      details,
    )
  }

  // ---- studio: writing ----

  async create(input: CreatePage, staff: Staff): Promise<PageDetail> {
    const { id } = input
    const taken = (what: string) =>
      new ApiError(409, 'PAGE_ID_TAKEN', `页面编号 ${id} 已被占用（${what}），请换一个`, [
        { field: 'id', message: `已被占用：${what}` },
      ])
    if (RESERVED_PAGE_IDS.includes(id.toLowerCase())) throw taken('系统保留')
    const route = await this.folders.routeTaken(id)
    if (route) throw taken(route)
    let config: PageConfigJson
    if (input.from) {
      // 复制页面: the source's draft, its campaigns under new ids (ids are global).
      const source = await this.db
        .selectFrom('studio_pages')
        .select('draft')
        .where('id', '=', input.from)
        .executeTakeFirst()
      if (!source) throw invalidField('from', `要复制的页面 ${input.from} 不存在`)
      const owners = await campaignOwners(this.db)
      config = renameCampaigns(source.draft, id, { from: input.from, taken: owners.keys() }).config
    } else if (input.template) {
      const template = this.folders.config(input.template)
      if (!template) throw invalidField('template', `模板 ${input.template} 不存在`)
      // An old template is brought to the current schema, so the studio edits what the forms describe.
      const { $schema: _schema, ...rest } = migrateConfig(template).config
      config = renameCampaigns(rest, id, { taken: (await campaignOwners(this.db)).keys() }).config
    } else config = { schemaVersion: CURRENT_SCHEMA_VERSION, title: input.title, blocks: [] }
    config.title = input.title
    const now = this.now()
    const row = await this.db
      .insertInto('studio_pages')
      .values({
        id,
        title: input.title,
        draft: JSON.stringify(config),
        saved_by: staff.id,
        saved_at: now,
        created_by: staff.id,
        created_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!row) throw taken('已有同名页面')
    await this.audit.record(staff, {
      action: 'create',
      pageId: id,
      revision: 1,
      detail: input.from
        ? `复制页面 ${input.from} 新建`
        : input.template
          ? `由模板 ${input.template} 新建`
          : '新建空白页面',
    })
    return this.get(id)
  }

  /** 409 DRAFT_CONFLICT naming who saved the draft meanwhile (or 404 for no such page). */
  private async conflict(id: string): Promise<ApiError> {
    const row = await this.db
      .selectFrom('studio_pages as p')
      .innerJoin('staff_users as u', 'u.id', 'p.saved_by')
      .select(['p.draft_revision', 'p.saved_at', 'u.display_name'])
      .where('p.id', '=', id)
      .executeTakeFirst()
    if (!row) return pageNotFound()
    return new ApiError(
      409,
      'DRAFT_CONFLICT',
      `草稿已被${row.display_name}于${clockTime(row.saved_at)}保存，请刷新后再改`,
      [
        {
          field: 'If-Match',
          message: `最新修订为 ${row.draft_revision}`,
          savedBy: row.display_name,
          savedAt: toIso(row.saved_at),
          revision: row.draft_revision,
        },
      ],
    )
  }

  saveDraft(id: string, config: PageConfigJson, revision: number, staff: Staff): Promise<DraftSaved> {
    return this.writeDraft(id, config, revision, staff, (saved) => ({
      action: 'save',
      detail: `保存草稿（修订 ${saved}）`,
    }))
  }

  /** 载入线上版本到草稿: the live version's config saved as the draft, optimistic-locked like any save. */
  async loadLive(id: string, revision: number, staff: Staff): Promise<DraftSaved> {
    const now = this.now()
    const { rows } = await sql<{ version: number | null; config: PageConfigJson | null }>`
      SELECT live.version, v.config FROM (${livePublication(id, now)}) live
        LEFT JOIN studio_page_versions v ON v.page_id = ${id} AND v.version = live.version`.execute(this.db)
    const live = rows[0]
    if (!live?.config || live.version === null) {
      await this.assertPage(id)
      throw new ApiError(409, 'NO_LIVE_VERSION', '页面当前没有线上版本，无法载入')
    }
    const version = live.version
    return this.writeDraft(id, live.config, revision, staff, (saved) => ({
      action: 'load-live',
      version,
      detail: `载入线上版本 ${version} 到草稿（修订 ${saved}）`,
    }))
  }

  private async writeDraft(
    id: string,
    config: PageConfigJson,
    revision: number,
    staff: Staff,
    audit: (revision: number) => Omit<AuditRecord, 'pageId' | 'revision'>,
  ): Promise<DraftSaved> {
    // A draft with errors is saved, marked with their count (never publishable); only what the database cannot
    // keep is refused.
    const errors = await this.validate(config, id)
    const unstorable = errors.filter((e) => UNSTORABLE_MESSAGES.has(e.message))
    if (unstorable.length) this.refuse(unstorable, '未保存')
    const now = this.now()
    const title = typeof config.title === 'string' && config.title.trim() ? config.title : undefined
    // One statement: the save happens only on the revision the editor started from.
    const saved = await this.db
      .updateTable('studio_pages')
      .set((eb) => ({
        draft: JSON.stringify(config),
        ...(title ? { title } : {}),
        draft_revision: eb('draft_revision', '+', 1),
        draft_errors: errors.length,
        saved_by: staff.id,
        saved_at: now,
      }))
      .where('id', '=', id)
      .where('draft_revision', '=', revision)
      .returning(['draft_revision', 'saved_at'])
      .executeTakeFirst()
    if (!saved) throw await this.conflict(id)
    await this.audit.record(staff, {
      ...audit(saved.draft_revision),
      pageId: id,
      revision: saved.draft_revision,
    })
    return {
      revision: saved.draft_revision,
      savedAt: toIso(saved.saved_at),
      savedBy: staff.displayName,
      errors: errors.length,
    }
  }

  /**
   * Registers a version's campaigns inside the publishing transaction (`check` for a version scheduled for later:
   * the rules in force stay those of the live version); a refusal is a 400 naming the campaign.
   */
  private async registerCampaigns(
    trx: Transaction<DB>,
    page: { id: string; version: number },
    config: PageConfigJson,
    now: Date,
    mode: RegisterMode,
  ) {
    for (const [campaignId, campaign] of campaignsOf(config)) {
      try {
        await registerCampaign(trx, { id: campaignId, file: pageFile(page.id), campaign, page }, now, mode)
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error
        const message = error.problems.join('；')
        throw new ApiError(400, 'CAMPAIGN_REFUSED', `活动 ${campaignId} 无法登记，未发布：${message}`, [
          { field: `/campaigns/${campaignId}`, pointer: `/campaigns/${campaignId}`, message },
        ])
      }
    }
  }

  async publish(id: string, revision: number, at: string | undefined, staff: Staff): Promise<Published> {
    const now = this.now()
    const publishAt = at ? new Date(at) : now
    if (at && !(publishAt.getTime() > now.getTime())) throw invalidField('at', '定时发布的时间须晚于当前时间')
    const made = await this.newVersion(id, revision, staff, now, '不能发布', async (trx, version, draft) => {
      const superseded = await publication(trx, { id, version, kind: 'publish', at: publishAt, staff, now })
      await this.registerCampaigns(trx, { id, version }, draft, now, at ? 'check' : 'apply')
      const what = at ? `定时发布版本 ${version}，${toIso(publishAt)} 生效` : `发布版本 ${version}`
      await this.audit.record(
        staff,
        {
          action: at ? 'schedule' : 'publish',
          pageId: id,
          version,
          revision,
          detail: what + supersededText(superseded),
        },
        trx,
      )
      return { version, superseded }
    })
    if (made === null) throw await this.conflict(id)
    return {
      version: made.version,
      publishAt: toIso(publishAt),
      superseded: supersededAnswer(made.superseded),
    }
  }

  /**
   * The saved draft (revision `revision`, without errors: else `refused` names what cannot be done) as the next
   * version of the page, then `then` in the same transaction; null when the draft moved on meanwhile.
   */
  private async newVersion<T>(
    id: string,
    revision: number,
    staff: Staff,
    now: Date,
    refused: string,
    then: (trx: Transaction<DB>, version: number, draft: PageConfigJson) => Promise<T>,
  ): Promise<T | null> {
    const page = await this.db
      .selectFrom('studio_pages')
      .select(['draft', 'draft_revision'])
      .where('id', '=', id)
      .executeTakeFirst()
    if (!page) throw pageNotFound()
    if (page.draft_revision !== revision) throw await this.conflict(id)
    await this.refuseInvalid(page.draft, id, refused)
    const markdown = compileTrees(page.draft)
    return this.db.transaction().execute(async (trx) => {
      // The next version number, taken only if the draft is still the revision validated above (this UPDATE
      // also holds the page's row lock until the end: concurrent publications of the page go one at a time).
      const taken = await trx
        .updateTable('studio_pages')
        .set((eb) => ({ last_version: eb('last_version', '+', 1) }))
        .where('id', '=', id)
        .where('draft_revision', '=', revision)
        .returning('last_version')
        .executeTakeFirst()
      if (!taken) return null
      const version = taken.last_version
      await trx
        .insertInto('studio_page_versions')
        .values({
          page_id: id,
          version,
          config: JSON.stringify(page.draft),
          markdown: JSON.stringify(markdown),
          revision,
          created_by: staff.id,
          created_at: now,
        })
        .execute()
      return then(trx, version, page.draft)
    })
  }

  /**
   * 保存为版本: the saved draft (revision `revision`, without errors) as a new immutable version that is not
   * published: a variant of an A/B test that is not live yet. Publishing it later is a rollback to it (or the
   * promotion of the test's winner). Its campaigns are checked when it goes live, as a rollback's are.
   */
  async saveVersion(
    id: string,
    revision: number,
    staff: Staff,
  ): Promise<{ version: number; createdAt: string }> {
    const now = this.now()
    const version = await this.newVersion(
      id,
      revision,
      staff,
      now,
      '不能保存为版本',
      async (trx, version) => {
        await this.audit.record(
          staff,
          {
            action: 'save-version',
            pageId: id,
            version,
            revision,
            detail: `草稿保存为版本 ${version}（未发布）`,
          },
          trx,
        )
        return version
      },
    )
    if (version === null) throw await this.conflict(id)
    return { version, createdAt: toIso(now) }
  }

  /**
   * Republishes a version now. `options.reason` prefixes the audit log's detail and `options.within` runs in the
   * same transaction, after the publication (an A/B test's promotion stops the test there: both or neither).
   */
  async rollback(
    id: string,
    version: number,
    staff: Staff,
    options: { reason?: string; within?: (trx: Transaction<DB>) => Promise<void> } = {},
  ): Promise<Published> {
    const now = this.now()
    const { config } = await this.version(id, version)
    const superseded = await this.db.transaction().execute(async (trx) => {
      await lockPage(trx, id)
      const superseded = await publication(trx, { id, version, kind: 'rollback', at: now, staff, now })
      await this.registerCampaigns(trx, { id, version }, config, now, 'apply')
      await this.audit.record(
        staff,
        {
          action: 'rollback',
          pageId: id,
          version,
          detail: `${options.reason ?? ''}回滚到版本 ${version}${supersededText(superseded)}`,
        },
        trx,
      )
      await options.within?.(trx)
      return superseded
    })
    return { version, publishAt: toIso(now), superseded: supersededAnswer(superseded) }
  }

  async unpublish(id: string, staff: Staff): Promise<Unpublished> {
    await this.assertPage(id)
    const now = this.now()
    const superseded = await this.db.transaction().execute(async (trx) => {
      await lockPage(trx, id)
      const any = await trx
        .selectFrom('studio_publications')
        .select('id')
        .where('page_id', '=', id)
        .where('cancelled_at', 'is', null)
        .executeTakeFirst()
      if (!any) throw new ApiError(409, 'PAGE_NOT_PUBLISHED', '页面尚未发布，无需下线')
      // Going offline also supersedes what was scheduled to go live later.
      const superseded = await publication(trx, { id, version: null, kind: 'unpublish', at: now, staff, now })
      await this.audit.record(
        staff,
        { action: 'unpublish', pageId: id, detail: `下线${supersededText(superseded)}` },
        trx,
      )
      return superseded
    })
    return { offlineAt: toIso(now), superseded: supersededAnswer(superseded) }
  }

  /** Cancels one pending schedule (kept as history: who and when); 409 once it has gone live or was cancelled. */
  async cancelSchedule(id: string, scheduleId: string, staff: Staff): Promise<ScheduleCancelled> {
    const now = this.now()
    const cancelled = await this.db.transaction().execute(async (trx) => {
      if (!(await lockPage(trx, id))) throw pageNotFound()
      const row = await trx
        .updateTable('studio_publications')
        .set({ cancelled_at: now, cancelled_by: staff.id, cancel_kind: 'cancelled' })
        .where('id', '=', scheduleId)
        .where('page_id', '=', id)
        .where('publish_at', '>', now)
        .where('cancelled_at', 'is', null)
        .returning(['version', 'publish_at'])
        .executeTakeFirst()
      if (!row || row.version === null)
        throw new ApiError(409, 'SCHEDULE_NOT_PENDING', '该定时发布已生效、已取消或不存在，请刷新后查看', [
          { field: 'scheduleId', message: '不是待生效的定时发布' },
        ])
      await this.audit.record(
        staff,
        {
          action: 'cancel-schedule',
          pageId: id,
          version: row.version,
          detail: `取消定时发布：版本 ${row.version}（${toIso(row.publish_at)}）`,
        },
        trx,
      )
      return { version: row.version, publishAt: row.publish_at }
    })
    return { version: cancelled.version, publishAt: toIso(cancelled.publishAt), cancelledAt: toIso(now) }
  }

  private async assertPage(id: string): Promise<void> {
    const page = await this.db.selectFrom('studio_pages').select('id').where('id', '=', id).executeTakeFirst()
    if (!page) throw pageNotFound()
  }

  async versions(id: string): Promise<VersionList> {
    await this.assertPage(id)
    const versions = await this.db
      .selectFrom('studio_page_versions as v')
      .innerJoin('staff_users as u', 'u.id', 'v.created_by')
      .select(['v.version', 'v.created_at', 'u.display_name'])
      .where('v.page_id', '=', id)
      .orderBy('v.version', 'desc')
      .execute()
    const now = this.now()
    const publications = await this.db
      .selectFrom('studio_publications as p')
      .innerJoin('staff_users as u', 'u.id', 'p.created_by')
      .leftJoin('staff_users as c', 'c.id', 'p.cancelled_by')
      .select([
        'p.version',
        'p.kind',
        'p.publish_at',
        'p.cancelled_at',
        'p.cancel_kind',
        'u.display_name',
        'c.display_name as cancelled_by_name',
      ])
      .where('p.page_id', '=', id)
      .orderBy('p.publish_at', 'desc')
      .orderBy('p.id', 'desc')
      .execute()
    const toPublication = (p: (typeof publications)[number]): Publication => ({
      publishAt: toIso(p.publish_at),
      by: p.display_name,
      kind: p.kind,
      state: p.cancel_kind ?? (p.publish_at > now ? 'pending' : 'done'),
      endedAt: p.cancelled_at ? toIso(p.cancelled_at) : null,
      endedBy: p.cancelled_by_name,
    })
    return {
      versions: versions.map((v) => ({
        version: v.version,
        createdAt: toIso(v.created_at),
        createdBy: v.display_name,
        publications: publications.filter((p) => p.version === v.version).map(toPublication),
      })),
      unpublished: publications.filter((p) => p.kind === 'unpublish').map(toPublication),
    }
  }

  async version(id: string, version: number): Promise<VersionConfig> {
    const row = await this.db
      .selectFrom('studio_page_versions')
      .select('config')
      .where('page_id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst()
    if (!row) {
      await this.assertPage(id)
      throw new ApiError(404, 'VERSION_NOT_FOUND', `版本 ${version} 不存在`, [
        { field: 'version', message: '不存在' },
      ])
    }
    return { version, config: row.config }
  }

  async previewLink(id: string, at: string | undefined, staff: Staff): Promise<PreviewLink> {
    const page = await this.db
      .selectFrom('studio_pages')
      .select('draft_errors')
      .where('id', '=', id)
      .executeTakeFirst()
    if (!page) throw pageNotFound()
    if (page.draft_errors > 0)
      throw new ApiError(
        409,
        'DRAFT_HAS_ERRORS',
        `草稿有 ${page.draft_errors} 个错误，修正并保存后才能生成预览链接`,
      )
    const expiresAt = new Date(this.now().getTime() + PREVIEW_TTL_MS)
    const token = this.tokens.create(id, staff.id, expiresAt, at ? Date.parse(at) : undefined)
    const url = `/activity/${id}?preview=${token}${at ? `&now=${encodeURIComponent(at)}` : ''}`
    return { url, expiresAt: toIso(expiresAt) }
  }

  // ---- consumers ----

  /**
   * The version live now by server time; offline with its fallback; 404 before the first publication. With
   * `test` (the page's running A/B test and the visitor's variant), while the live version is the test's control,
   * the variant's version instead, named in `experiment`; otherwise (a publication since) the live version.
   */
  async live(id: string, test?: LiveVariant): Promise<PublishedPage | OfflinePage> {
    const now = this.now()
    const { rows } = await sql<{
      version: number | null
      publish_at: Date
      config: PageConfigJson | null
      markdown: MarkdownTrees | null
    }>`
      SELECT live.version, live.publish_at, v.config, v.markdown FROM (${livePublication(id, now)}) live
        LEFT JOIN studio_page_versions v ON v.page_id = ${id} AND v.version = live.version`.execute(this.db)
    const current = rows[0]
    if (!current) throw pageNotFound()
    if (current.version === null || !current.config) {
      // Offline: to the fallback of the last version that was live.
      const last = await this.db
        .selectFrom('studio_publications as p')
        .innerJoin('studio_page_versions as v', (join) =>
          join.onRef('v.page_id', '=', 'p.page_id').onRef('v.version', '=', 'p.version'),
        )
        .select('v.config')
        .where('p.page_id', '=', id)
        .where('p.publish_at', '<=', now)
        .where('p.cancelled_at', 'is', null)
        .orderBy('p.publish_at', 'desc')
        .orderBy('p.id', 'desc')
        .executeTakeFirst()
      const schedule = last && isObject(last.config.schedule) ? last.config.schedule : null
      const fallback = typeof schedule?.fallback === 'string' ? schedule.fallback : '/'
      return { id, offline: true, fallback }
    }
    if (test && current.version === test.controlVersion) {
      const shown =
        test.version === current.version
          ? { config: current.config, markdown: current.markdown }
          : await this.db
              .selectFrom('studio_page_versions')
              .select(['config', 'markdown'])
              .where('page_id', '=', id)
              .where('version', '=', test.version)
              .executeTakeFirst()
      if (shown)
        return {
          id,
          version: test.version,
          publishedAt: toIso(current.publish_at),
          config: currentPageJson(shown.config),
          markdown: shown.markdown ?? {},
          experiment: { id: test.experimentId, variant: test.variant },
        }
    }
    return {
      id,
      version: current.version,
      publishedAt: toIso(current.publish_at),
      // At the current schema, once here (the answer is kept until a publication changes it): no browser or
      // render migrates it again.
      config: currentPageJson(current.config),
      markdown: current.markdown ?? {},
    }
  }

  /** The draft behind a signed preview link, while the account that made the link is active. */
  async preview(id: string, token: string): Promise<PreviewPage> {
    const { nowMs, authorId } = this.tokens.verify(token, id, this.now())
    const author = await this.db
      .selectFrom('staff_users')
      .select('disabled')
      .where('id', '=', authorId)
      .executeTakeFirst()
    if (!author || author.disabled)
      throw new ApiError(
        403,
        'PREVIEW_AUTHOR_DISABLED',
        '生成此预览链接的工作台账号已停用，链接已失效，请联系其他同事重新生成',
      )
    const page = await this.db
      .selectFrom('studio_pages')
      .select(['draft', 'draft_revision', 'draft_errors'])
      .where('id', '=', id)
      .executeTakeFirst()
    if (!page) throw pageNotFound()
    // A draft saved with errors is shown to nobody outside the studio.
    if (page.draft_errors > 0)
      throw new ApiError(409, 'DRAFT_HAS_ERRORS', `草稿有 ${page.draft_errors} 个错误，修正并保存后才能预览`)
    return {
      id,
      revision: page.draft_revision,
      config: currentPageJson(page.draft),
      markdown: compileTrees(page.draft),
      ...(nowMs !== undefined ? { nowMs } : {}),
    }
  }
}

/**
 * At start: the campaigns of every page's live version (by the same rule as the consumer's), so a fresh process
 * has its rules in force. Returns what could not be registered (the caller logs it; the page keeps the rule
 * registered before). A version scheduled for later registers its rules when it goes live (campaigns/pageGate.ts).
 */
export async function registerPublishedCampaigns(
  db: Db,
  now: Date,
): Promise<{ count: number; problems: string[] }> {
  const { rows } = await sql<{ page_id: string; version: number; config: PageConfigJson }>`
    SELECT p.id AS page_id, live.version, v.config
      FROM studio_pages p
      CROSS JOIN LATERAL (${livePublication(sql.ref('p.id'), now)}) live
      JOIN studio_page_versions v ON v.page_id = p.id AND v.version = live.version
     ORDER BY p.id`.execute(db)
  const problems: string[] = []
  let count = 0
  for (const row of rows)
    for (const [campaignId, campaign] of campaignsOf(row.config)) {
      try {
        const page = { id: row.page_id, version: row.version }
        await registerCampaign(db, { id: campaignId, file: pageFile(row.page_id), campaign, page }, now)
        count++
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error
        problems.push(...error.problems)
      }
    }
  return { count, problems }
}

/** A random id for an uploaded studio image (22 base64url characters). */
export const newMediaId = () => randomBytes(16).toString('base64url')
