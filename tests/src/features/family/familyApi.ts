import type { FamilyMember, FamilyMemberInput } from '../../../../src/types/generated/api/family'

// The family-member API at the fetch edge (jsdom has no server): an in-memory list with the server's answers,
// plus canned JSON for any other path. Every call is recorded with its method and body.

export interface Call {
  method: string
  path: string
  body: unknown
}

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

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

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
    failWrite?: { status: number; body: unknown }
    other?: Record<string, unknown>
  } = {},
): FakeFamilyApi {
  const api: FakeFamilyApi = { calls: [], members: [...(options.members ?? [])], holdNextWrite }
  let hold: Promise<void> | null = null
  let nextId = 100
  function holdNextWrite() {
    let release!: () => void
    hold = new Promise<void>((resolve) => (release = resolve))
    return release
  }

  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = init?.method ?? 'GET'
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    api.calls.push({ method, path: url.pathname + url.search, body })
    if (!url.pathname.startsWith('/api/family-members')) {
      const canned = options.other?.[url.pathname]
      return canned === undefined
        ? reply(404, { error: { code: 'NOT_FOUND', message: '接口不存在' } })
        : reply(200, canned)
    }
    if (options.status)
      return reply(options.status, {
        error: {
          code: options.status === 401 ? 'UNAUTHENTICATED' : 'INTERNAL',
          message: options.status === 401 ? '请先登录' : '服务暂时不可用，请稍后重试',
        },
      })
    if (method !== 'GET' && hold) {
      await hold
      hold = null
    }
    if (method !== 'GET' && options.failWrite) return reply(options.failWrite.status, options.failWrite.body)
    const id = decodeURIComponent(url.pathname.split('/')[3] ?? '')
    const index = api.members.findIndex((m) => m.id === id)
    const notFound = reply(404, { error: { code: 'NOT_FOUND', message: '家庭成员不存在' } })
    const toMember = (input: FamilyMemberInput, base: FamilyMember): FamilyMember => ({
      ...base,
      ...input,
      phone: input.phone ?? '',
      relation: input.relation as FamilyMember['relation'],
      relationName: NAMES[input.relation],
      gender: input.gender as FamilyMember['gender'],
    })
    switch (method) {
      case 'GET':
        if (!id) return reply(200, { items: api.members, limit: options.limit ?? 20 })
        return index < 0 ? notFound : reply(200, api.members[index])
      case 'POST': {
        const created = toMember(body as FamilyMemberInput, member({ id: `m${nextId++}` }))
        api.members.push(created)
        return reply(200, created)
      }
      case 'PUT':
        if (index < 0) return notFound
        api.members[index] = toMember(body as FamilyMemberInput, api.members[index])
        return reply(200, api.members[index])
      case 'DELETE':
        if (index < 0) return notFound
        api.members.splice(index, 1)
        return reply(200, { ok: true })
    }
    return reply(405, { error: { code: 'METHOD', message: '不支持' } })
  }) as typeof fetch
  return api
}
