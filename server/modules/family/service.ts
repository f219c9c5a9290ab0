import { randomUUID } from 'node:crypto'
import { sql, type Kysely, type Transaction } from 'kysely'
import { compareIsoDates, shanghaiDate } from '../../../src/domain/age'
import type { FieldError } from '../../../src/domain/applicant'
import { validateCertificate } from '../../../src/domain/certificate'
import {
  FAMILY_FIELD_LABELS,
  FAMILY_MEMBER_LIMIT,
  familyRelationName,
  normalizeFamilyMember,
  validateFamilyMember,
  type FamilyMemberFields,
} from '../../../src/domain/family'
import type {
  FamilyMember,
  FamilyMemberInput,
  FamilyMemberList,
} from '../../../src/types/generated/api/family'
import type { DB } from '../../db/schema'
import type { FamilyMembersTable } from './tables'
import { ApiError, notFound } from '../../platform/errors'
import { toIso } from '../../platform/time'

const UNIQUE_VIOLATION = '23505'

function invalid(errors: FieldError[]): ApiError {
  const first = errors[0]
  const label = FAMILY_FIELD_LABELS[first.field as keyof FamilyMemberFields] ?? first.field
  return new ApiError(400, 'INVALID_INPUT', `${label}（${first.field}）不正确：${first.message}`, errors)
}

const duplicate = () =>
  new ApiError(409, 'FAMILY_MEMBER_EXISTS', '证件号码（certNo）已存在：该家庭成员已添加，请勿重复添加', [
    { field: 'certNo', message: '已有使用该证件的家庭成员' },
  ])

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION

/** A user's own family members: every query is keyed by the session's user id; others' ids are "not found". */
export class FamilyService {
  private readonly db: Kysely<DB>

  constructor(
    db: Kysely<DB>,
    private readonly now: () => Date,
  ) {
    this.db = db.withTables<{ family_members: FamilyMembersTable }>()
  }

  private select(db: Kysely<DB> | Transaction<DB> = this.db) {
    return db
      .selectFrom('family_members')
      .select([
        'id',
        'name',
        'relation',
        'cert_type',
        'cert_no',
        'gender',
        'phone',
        'created_at',
        'updated_at',
      ])
      .select(sql<string>`to_char(birthday, 'YYYY-MM-DD')`.as('birthday'))
  }

  async list(userId: string): Promise<FamilyMemberList> {
    const rows = await this.select()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
    return { items: rows.map(toMember), limit: FAMILY_MEMBER_LIMIT }
  }

  async get(userId: string, id: string): Promise<FamilyMember> {
    const row = await this.select().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
    if (!row) throw notFound('家庭成员')
    return toMember(row)
  }

  async create(userId: string, input: FamilyMemberInput): Promise<FamilyMember> {
    const member = await this.checked(userId, input)
    const id = randomUUID()
    const now = this.now()
    await this.guarded(async (trx) => {
      // Lock the user's row: concurrent adds are counted one after another, so the limit holds.
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst()
      const { count } = await trx
        .selectFrom('family_members')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
      if (Number(count) >= FAMILY_MEMBER_LIMIT)
        throw new ApiError(
          409,
          'FAMILY_MEMBER_LIMIT',
          `最多可添加${FAMILY_MEMBER_LIMIT}位家庭成员，请先删除不再需要的成员`,
        )
      await trx
        .insertInto('family_members')
        .values({ id, user_id: userId, ...columns(member), created_at: now, updated_at: now })
        .execute()
    })
    return this.get(userId, id)
  }

  async update(userId: string, id: string, input: FamilyMemberInput): Promise<FamilyMember> {
    await this.get(userId, id)
    const member = await this.checked(userId, input)
    await this.guarded(async (trx) => {
      const result = await trx
        .updateTable('family_members')
        .set({ ...columns(member), updated_at: this.now() })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst()
      if (Number(result.numUpdatedRows) !== 1) throw notFound('家庭成员')
    })
    return this.get(userId, id)
  }

  async remove(userId: string, id: string): Promise<void> {
    const result = await this.db
      .deleteFrom('family_members')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    if (Number(result.numDeletedRows) !== 1) throw notFound('家庭成员')
  }

  /** Runs a write; the unique (user, certificate) index turns a second entry for one person into a 409. */
  private async guarded(write: (trx: Transaction<DB>) => Promise<void>): Promise<void> {
    try {
      await this.db.transaction().execute(write)
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate()
      throw error
    }
  }

  /** The shared field rules, then what only the server knows: the user's own verified ID. */
  private async checked(userId: string, input: FamilyMemberInput): Promise<FamilyMemberFields> {
    const member = normalizeFamilyMember({ ...input, phone: input.phone ?? '' })
    const today = shanghaiDate(this.now().getTime())
    const errors = validateFamilyMember(member, today)
    if (errors.length > 0) throw invalid(errors)

    const user = await this.db
      .selectFrom('users')
      .select('id_number')
      .where('id', '=', userId)
      .executeTakeFirst()
    const own = user?.id_number ? validateCertificate('ID_CARD', user.id_number, today) : null
    if (!own?.ok || !own.birthDate) return member
    if (member.certType === 'ID_CARD' && member.certNo === own.number)
      throw invalid([{ field: 'certNo', message: '这是您本人的证件号码，为自己投保请选择“本人”' }])
    // Against the user's verified birth date: children are younger, parents older.
    const order = compareIsoDates(member.birthday, own.birthDate)
    if (member.relation === '3' && order <= 0)
      throw invalid([{ field: 'relation', message: '子女的出生日期应晚于您本人' }])
    if (member.relation === '4' && order >= 0)
      throw invalid([{ field: 'relation', message: '父母的出生日期应早于您本人' }])
    return member
  }
}

function columns(member: FamilyMemberFields) {
  return {
    name: member.name,
    relation: member.relation,
    cert_type: member.certType,
    cert_no: member.certNo,
    birthday: member.birthday,
    gender: member.gender,
    phone: member.phone || null,
  }
}

function toMember(row: {
  id: string
  name: string
  relation: string
  cert_type: string
  cert_no: string
  birthday: string
  gender: string
  phone: string | null
  created_at: Date
  updated_at: Date
}): FamilyMember {
  return {
    id: row.id,
    name: row.name,
    relation: row.relation as FamilyMember['relation'],
    relationName: familyRelationName(row.relation),
    certType: row.cert_type,
    certNo: row.cert_no,
    birthday: row.birthday,
    gender: row.gender as FamilyMember['gender'],
    phone: row.phone ?? '',
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  }
}
