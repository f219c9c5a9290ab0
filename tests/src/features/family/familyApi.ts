import type { FamilyMember, FamilyMemberInput } from '../../../../src/types/generated/api/family'
import { apiError, reply, stubApi, type ApiAnswers, type RecordedCall } from '../../harness'

// The family-member API on the shared API stub: an in-memory list with the server's answers, plus canned
// answers for any other route. Every call is recorded with its method and body.

export type Call = RecordedCall

export const CHILD_ID = '310104202002290021'

export function member(overrides: Partial<FamilyMember> = {}): FamilyMember {
  return {
    id: 'm1',
    name: '张小花',
    relation: '3',
    relationName: '子女',
    certType: 'ID_CARD',
    certNo: CHILD_ID,
    birthday: '2020-02-29',
    gender: 'F',
    phone: '',
    createdAt: '2026-11-22T12:00:00.000+08:00',
    updatedAt: '2026-11-22T12:00:00.000+08:00',
    ...overrides,
  }
}

const NAMES: Record<string, string> = { '2': '配偶', '3': '子女', '4': '父母', '5': '其他' }

export interface FakeFamilyApi {
  calls: Call[]
  members: FamilyMember[]
  /** Makes the next write wait until the returned function is called (to see the saving state). */
  holdNextWrite(): () => void
}

export function stubFamilyApi(
  options: {
    members?: FamilyMember[]
    status?: number
    limit?: number
    failWrite?: { status: number; body: object }
    other?: ApiAnswers
  } = {},
): FakeFamilyApi {
  const members = [...(options.members ?? [])]
  let hold: Promise<void> | null = null
  let nextId = 100
  function holdNextWrite() {
    let release!: () => void
    hold = new Promise<void>((resolve) => (release = resolve))
    return release
  }
  const idOf = (call: RecordedCall) => decodeURIComponent(call.path.split('/')[3] ?? '')
  const notFound = apiError(404, 'NOT_FOUND', '家庭成员不存在')
  const toMember = (input: FamilyMemberInput, base: FamilyMember): FamilyMember => ({
    ...base,
    ...input,
    phone: input.phone ?? '',
    relation: input.relation as FamilyMember['relation'],
    relationName: NAMES[input.relation],
    gender: input.gender as FamilyMember['gender'],
  })
  // Reads answer at once; a write may be held (to see the saving state) or fail as asked.
  const down = () =>
    options.status === 401
      ? apiError(401, 'UNAUTHENTICATED', '请先登录')
      : options.status
        ? apiError(options.status, 'INTERNAL', '服务暂时不可用，请稍后重试')
        : undefined
  async function write<T>(apply: () => T) {
    const failed = down()
    if (failed) return failed
    if (hold) {
      await hold
      hold = null
    }
    if (options.failWrite) return reply(options.failWrite.status, options.failWrite.body)
    return apply()
  }
  const stub = stubApi({
    ...options.other,
    'GET /api/family-members': () => down() ?? { items: members, limit: options.limit ?? 20 },
    'POST /api/family-members': (call) =>
      write(() => {
        const created = toMember(call.body as FamilyMemberInput, member({ id: `m${nextId++}` }))
        members.push(created)
        return created
      }),
    'GET /api/family-members/:id': (call) => {
      const found = members.find((m) => m.id === idOf(call))
      return down() ?? found ?? notFound
    },
    'PUT /api/family-members/:id': (call) =>
      write(() => {
        const index = members.findIndex((m) => m.id === idOf(call))
        if (index < 0) return notFound
        members[index] = toMember(call.body as FamilyMemberInput, members[index])
        return members[index]
      }),
    'DELETE /api/family-members/:id': (call) =>
      write(() => {
        const index = members.findIndex((m) => m.id === idOf(call))
        if (index < 0) return notFound
        members.splice(index, 1)
        return { ok: true as const }
      }),
  })
  return { calls: stub.calls, members, holdNextWrite }
}
