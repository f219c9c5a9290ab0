import { randomBytes } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type {
  Section,
  SectionInput,
  SectionList,
  SectionRename,
} from '../../../src/types/generated/api/studioCollab'
import type { Staff } from '../../../src/types/generated/api/studio'
import type { DB } from '../../db/schema'
import { ApiError } from '../../platform/errors'
import { toIso } from '../../platform/time'
import type { StaffAudit } from '../studio/audit'

/** At most this many sections: the 我的组合 list stays a list. */
export const MAX_SECTIONS = 200

const UNIQUE_VIOLATION = '23505'
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION

const nameRequired = () =>
  new ApiError(400, 'SECTION_NAME_REQUIRED', '请填写组合名称', [{ field: 'name', message: '不能为空' }])
const nameTaken = (name: string) =>
  new ApiError(409, 'SECTION_NAME_TAKEN', `已有名为「${name}」的组合，请换一个名称`, [
    { field: 'name', message: '名称已被使用' },
  ])

const sectionNotFound = () =>
  new ApiError(404, 'SECTION_NOT_FOUND', '区块组合不存在或已删除', [
    { field: 'sectionId', message: '不存在' },
  ])

/** Reusable sections (保存为区块组合): named groups of blocks, with the campaigns they reference. Audited. */
export class StudioSections {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly audit: StaffAudit,
  ) {}

  async list(): Promise<SectionList> {
    const rows = await this.db
      .selectFrom('studio_sections as s')
      .innerJoin('staff_users as u', 'u.id', 's.created_by')
      .select(['s.id', 's.name', 's.blocks', 's.campaigns', 's.created_at', 'u.display_name'])
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id')
      .execute()
    return {
      sections: rows.map((r): Section => ({
        id: r.id,
        name: r.name,
        blocks: r.blocks as Section['blocks'],
        campaigns: r.campaigns as Section['campaigns'],
        createdBy: r.display_name,
        createdAt: toIso(r.created_at),
      })),
    }
  }

  async create(input: SectionInput, staff: Staff): Promise<Section> {
    const name = input.name.trim()
    if (!name) throw nameRequired()
    const id = randomBytes(9).toString('base64url')
    const now = this.now()
    // One statement: the name is free (case-insensitively, by the unique index) and the list is not full.
    const { rows } = await sql<{ id: string }>`
      INSERT INTO studio_sections (id, name, blocks, campaigns, created_by, created_at)
      SELECT ${id}, ${name}, ${JSON.stringify(input.blocks)}::json, ${JSON.stringify(input.campaigns ?? {})}::json,
             ${staff.id}, ${now}
       WHERE (SELECT count(*) FROM studio_sections) < ${MAX_SECTIONS}
      ON CONFLICT ((lower(name))) DO NOTHING
      RETURNING id`.execute(this.db)
    const row = rows[0]
    if (!row) {
      const clash = await this.db
        .selectFrom('studio_sections')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
        .executeTakeFirst()
      if (clash) throw nameTaken(name)
      throw new ApiError(409, 'SECTIONS_FULL', `组合已达 ${MAX_SECTIONS} 个，请先删除不用的组合`, [
        { field: 'name', message: '组合已满' },
      ])
    }
    await this.audit.record(staff, {
      action: 'section-create',
      detail: `保存区块组合「${name}」（${input.blocks.length} 个区块）`,
    })
    return {
      id,
      name,
      blocks: input.blocks,
      campaigns: input.campaigns ?? {},
      createdBy: staff.displayName,
      createdAt: toIso(now),
    }
  }

  async remove(sectionId: string, staff: Staff): Promise<void> {
    const row = await this.db
      .deleteFrom('studio_sections')
      .where('id', '=', sectionId)
      .returning('name')
      .executeTakeFirst()
    if (!row) throw sectionNotFound()
    await this.audit.record(staff, { action: 'section-delete', detail: `删除区块组合「${row.name}」` })
  }

  /** 重命名: one statement renames it when no other section has the name (case-insensitively). Audited. */
  async rename(sectionId: string, input: SectionRename, staff: Staff): Promise<Section> {
    const name = input.name.trim()
    if (!name) throw nameRequired()
    let rows: { before: string; blocks: unknown; campaigns: unknown; created_at: Date; created_by: string }[]
    try {
      ;({ rows } = await sql<(typeof rows)[number]>`
        WITH old AS (SELECT id, name FROM studio_sections WHERE id = ${sectionId})
        UPDATE studio_sections s SET name = ${name}
          FROM old, staff_users u
         WHERE s.id = old.id AND u.id = s.created_by
           AND NOT EXISTS (SELECT 1 FROM studio_sections o WHERE lower(o.name) = lower(${name}) AND o.id <> s.id)
        RETURNING old.name AS before, s.blocks, s.campaigns, s.created_at, u.display_name AS created_by`.execute(
        this.db,
      ))
    } catch (error) {
      // Two renames to one name at once: the unique index refuses the second.
      if (isUniqueViolation(error)) throw nameTaken(name)
      throw error
    }
    const row = rows[0]
    if (!row) {
      const exists = await this.db
        .selectFrom('studio_sections')
        .select('id')
        .where('id', '=', sectionId)
        .executeTakeFirst()
      throw exists ? nameTaken(name) : sectionNotFound()
    }
    if (row.before !== name)
      await this.audit.record(staff, {
        action: 'section-rename',
        detail: `区块组合「${row.before}」改名为「${name}」`,
      })
    return {
      id: sectionId,
      name,
      blocks: row.blocks as Section['blocks'],
      campaigns: row.campaigns as Section['campaigns'],
      createdBy: row.created_by,
      createdAt: toIso(row.created_at),
    }
  }
}
