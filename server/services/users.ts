import type { Kysely, Selectable } from 'kysely'
import {
  maskCertificateNumber,
  maskName,
  maskPhone,
  shanghaiDate,
  validateCertificate,
  validatePersonName,
} from '../../src/domain/certificate'
import type { Me, RealNameRequest, UpdateMeRequest } from '../../src/types/generated/api/auth'
import type { DB, UsersTable } from '../db/schema'
import { ApiError } from '../errors'
import { toIso } from '../time'

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

  async update(userId: string, patch: UpdateMeRequest): Promise<Me> {
    const changes: { nickname?: string; avatar?: string | null; updated_at: Date } = {
      updated_at: this.now(),
    }
    if (patch.nickname !== undefined) {
      const nickname = patch.nickname.trim()
      if (!nickname)
        throw new ApiError(400, 'INVALID_INPUT', '昵称（nickname）不能为空', [
          { field: 'nickname', message: '昵称不能为空' },
        ])
      changes.nickname = nickname
    }
    if (patch.avatar !== undefined) changes.avatar = patch.avatar
    await this.db.updateTable('users').set(changes).where('id', '=', userId).execute()
    return this.get(userId)
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
