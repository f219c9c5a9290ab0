import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checksumChar } from '../../src/domain/certificate'
import type { FamilyMember, FamilyMemberInput, FamilyMemberList } from '../../src/types/generated/api/family'
import { createTestApp, json, loginAs, testClock, type TestApp } from './helpers'
import { CHILD_ID, HOLDER_ID } from './ordersFlow'

// Family members through the real API on a fresh database: rules, ownership, limit, duplicates.

let test: TestApp
const clock = testClock() // 2026-11-22 12:00 Asia/Shanghai
let users = 0

beforeAll(async () => {
  test = await createTestApp({ now: clock.now })
})
afterAll(async () => test.close())

/** A real resident ID number: area 310104, the birth date, a sequence (its last digit odd = male), the checksum. */
const residentId = (birth: string, sequence: number) => {
  const first17 = `310104${birth.replaceAll('-', '')}${String(sequence).padStart(3, '0')}`
  return first17 + checksumChar(first17)
}

// 310104202002290021: a daughter born 2020-02-29.
const child: FamilyMemberInput = {
  name: '张小花',
  relation: '3',
  certType: 'ID_CARD',
  certNo: CHILD_ID,
  birthday: '2020-02-29',
  gender: 'F',
  phone: '',
}

class Member {
  constructor(readonly cookie: string) {}
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
    return json(test.app, { method, url, headers: { cookie: this.cookie }, body })
  }
  list = async () => (await this.call('GET', '/api/family-members')).json<FamilyMemberList>()
  async add(input: FamilyMemberInput) {
    const res = await this.call('POST', '/api/family-members', input)
    if (res.statusCode !== 200) throw new Error(`add ${res.statusCode}: ${res.body}`)
    return res.json<FamilyMember>()
  }
}

async function newUser(): Promise<Member> {
  users += 1
  return new Member(await loginAs(test.app, `1390000${String(users).padStart(4, '0')}`, `10.0.2.${users}`))
}

describe('family members: basics', () => {
  it('needs a login for every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/family-members'],
      ['POST', '/api/family-members'],
      ['GET', '/api/family-members/x1'],
      ['PUT', '/api/family-members/x1'],
      ['DELETE', '/api/family-members/x1'],
    ] as const) {
      const res = await json(test.app, {
        method,
        url,
        body: method === 'POST' || method === 'PUT' ? child : undefined,
      })
      expect(res.statusCode, `${method} ${url}`).toBe(401)
      expect(res.json().error.code).toBe('UNAUTHENTICATED')
    }
  })

  it('adds a member, stores it normalized and lists it with its relation name and the limit', async () => {
    const user = await newUser()
    expect(await user.list()).toEqual({ items: [], limit: 20 })
    const added = await user.add({
      ...child,
      name: '  张小花 ',
      certNo: ` ${CHILD_ID} `,
      phone: ' 13900001111 ',
    })
    expect(added).toMatchObject({
      name: '张小花',
      relation: '3',
      relationName: '子女',
      certType: 'ID_CARD',
      certNo: CHILD_ID,
      birthday: '2020-02-29',
      gender: 'F',
      phone: '13900001111',
      createdAt: '2026-11-22T12:00:00.000+08:00',
    })
    const list = await user.list()
    expect(list.items).toEqual([added])
    expect((await user.call('GET', `/api/family-members/${added.id}`)).json()).toEqual(added)
  })

  it('keeps a passport holder with the birth date and gender as given, and no phone', async () => {
    const user = await newUser()
    const added = await user.add({
      name: 'Anna Smith',
      relation: '5',
      certType: 'PASSPORT',
      certNo: 'e12345678',
      birthday: '1960-05-01',
      gender: 'F',
    })
    expect(added).toMatchObject({
      relationName: '其他',
      certNo: 'E12345678',
      birthday: '1960-05-01',
      phone: '',
    })
  })

  it('updates every field with PUT and deletes (then the member is gone)', async () => {
    const user = await newUser()
    const added = await user.add(child)
    clock.advance(60_000)
    const father = residentId('1960-05-01', 13)
    const res = await user.call('PUT', `/api/family-members/${added.id}`, {
      ...child,
      name: '张大山',
      relation: '4',
      certNo: father,
      birthday: '1960-05-01',
      gender: 'M',
      phone: '13700001234',
    })
    expect(res.statusCode).toBe(200)
    const updated = res.json<FamilyMember>()
    expect(updated).toMatchObject({
      id: added.id,
      name: '张大山',
      relationName: '父母',
      certNo: father,
      gender: 'M',
      createdAt: added.createdAt,
    })
    expect(updated.updatedAt).toBe('2026-11-22T12:01:00.000+08:00')

    const removed = await user.call('DELETE', `/api/family-members/${added.id}`)
    expect(removed.statusCode).toBe(200)
    expect(removed.json()).toEqual({ ok: true })
    expect((await user.list()).items).toEqual([])
    expect((await user.call('GET', `/api/family-members/${added.id}`)).statusCode).toBe(404)
    const again = await user.call('DELETE', `/api/family-members/${added.id}`)
    expect(again.statusCode).toBe(404)
    expect(again.json().error).toMatchObject({ code: 'NOT_FOUND', message: '家庭成员不存在' })
  })
})

describe('family members: field rules (shared with the form)', () => {
  const cases: [string, Partial<FamilyMemberInput>, string, RegExp][] = [
    [
      'a wrong ID checksum',
      { certNo: '310104202002290022' },
      'certNo',
      /^证件号码（certNo）不正确：身份证号校验位不正确/,
    ],
    [
      'an ID with an impossible birth date',
      { certNo: residentId('2021-02-29', 2) },
      'certNo',
      /^证件号码（certNo）不正确：身份证号中的出生日期不正确/,
    ],
    [
      'a birth date other than the ID says',
      { birthday: '2020-03-01' },
      'birthday',
      /^出生日期（birthday）不正确：出生日期与证件号码不一致/,
    ],
    [
      'a gender other than the ID says',
      { gender: 'M' },
      'gender',
      /^性别（gender）不正确：性别与证件号码不一致/,
    ],
    ['a one-character name', { name: '张' }, 'name', /^姓名（name）不正确：请输入真实姓名/],
    ['digits in the name', { name: '张3' }, 'name', /^姓名（name）不正确：姓名只能包含/],
    ['本人 as relation', { relation: '1' }, 'relation', /^与本人关系（relation）不正确：请选择与本人的关系/],
    [
      'an unknown certificate type',
      { certType: 'DRIVING_LICENCE' },
      'certType',
      /^证件类型（certType）不正确：请选择证件类型/,
    ],
    ['a wrong phone', { phone: '12345' }, 'phone', /^手机号（phone）不正确：请输入正确的11位手机号/],
    ['a spouse under 18', { relation: '2' }, 'relation', /^与本人关系（relation）不正确：配偶须年满18周岁/],
    [
      'a passport born tomorrow',
      { certType: 'PASSPORT', certNo: 'E12345678', birthday: '2026-11-23' },
      'birthday',
      /^出生日期（birthday）不正确：出生日期不能晚于今天/,
    ],
    [
      'a passport without a birth date',
      { certType: 'PASSPORT', certNo: 'E12345678', birthday: '' },
      'birthday',
      /^出生日期（birthday）不正确：请选择出生日期/,
    ],
  ]
  it.each(cases)(
    'rejects %s with a 400 naming the field in Chinese',
    async (_label, patch, field, message) => {
      const user = await newUser()
      const res = await user.call('POST', '/api/family-members', { ...child, ...patch })
      expect(res.statusCode).toBe(400)
      const error = res.json<{
        error: { code: string; message: string; details: { field: string; message: string }[] }
      }>().error
      expect(error.code).toBe('INVALID_INPUT')
      expect(error.message).toMatch(message)
      expect(error.details[0].field).toBe(field)
      expect((await user.list()).items).toEqual([])
    },
  )

  it('applies the same rules to PUT and leaves the member unchanged', async () => {
    const user = await newUser()
    const added = await user.add(child)
    const res = await user.call('PUT', `/api/family-members/${added.id}`, {
      ...child,
      certNo: '310104202002290022',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.details[0]).toEqual({ field: 'certNo', message: '身份证号校验位不正确，请核对' })
    expect((await user.list()).items).toEqual([added])
  })

  it('answers malformed input with a 4xx naming the field, never a 5xx', async () => {
    const user = await newUser()
    const missing = await user.call('POST', '/api/family-members', { ...child, name: undefined })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error.message).toBe('缺少必填项：姓名（name）')
    const wrongType = await user.call('POST', '/api/family-members', { ...child, certNo: 310104 })
    expect(wrongType.json().error.message).toBe('证件号码（certNo）类型不正确，应为文本')
    const unknown = await user.call('POST', '/api/family-members', { ...child, isAdmin: true })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error.message).toBe('不支持的字段：isAdmin')
    const tooLong = await user.call('POST', '/api/family-members', { ...child, name: '张'.repeat(51) })
    expect(tooLong.json().error.message).toBe('姓名（name）长度不正确')
    for (const payload of ['{"name":', '[1,2]', '"text"']) {
      const res = await test.app.inject({
        method: 'POST',
        url: '/api/family-members',
        headers: { cookie: user.cookie, 'content-type': 'application/json' },
        payload,
      })
      expect(res.statusCode, payload).toBe(400)
      expect(res.json().error.code).toMatch(/INVALID_JSON|INVALID_INPUT/)
    }
    const longId = await user.call('GET', `/api/family-members/${'a'.repeat(65)}`)
    expect(longId.statusCode).toBe(400)
    const query = await user.call('GET', '/api/family-members?userId=someone-else')
    expect(query.statusCode).toBe(400)
    expect((await user.list()).items).toEqual([])
  })
})

describe('family members: duplicates, ownership, limit', () => {
  it('refuses the same certificate twice with a 409 (also in lower case, also through PUT)', async () => {
    const user = await newUser()
    const first = await user.add(child)
    const again = await user.call('POST', '/api/family-members', { ...child, name: '张小小' })
    expect(again.statusCode).toBe(409)
    expect(again.json().error).toMatchObject({
      code: 'FAMILY_MEMBER_EXISTS',
      details: [{ field: 'certNo', message: '已有使用该证件的家庭成员' }],
    })
    expect(again.json().error.message).toMatch(/^证件号码（certNo）已存在/)

    const anna: FamilyMemberInput = {
      name: 'Anna Smith',
      relation: '5',
      certType: 'PASSPORT',
      certNo: 'E12345678',
      birthday: '1960-05-01',
      gender: 'F',
    }
    const passport = await user.add(anna)
    const lower = await user.call('POST', '/api/family-members', {
      ...anna,
      certNo: 'e12345678',
      name: 'Anna Lee',
    })
    expect(lower.statusCode).toBe(409)
    const put = await user.call('PUT', `/api/family-members/${passport.id}`, child)
    expect(put.statusCode).toBe(409)
    // Saving a member unchanged is not a duplicate of itself.
    const same = await user.call('PUT', `/api/family-members/${first.id}`, { ...child, phone: '13900002222' })
    expect(same.statusCode).toBe(200)
    expect((await user.list()).items).toHaveLength(2)

    // Another user may keep the same person.
    expect((await (await newUser()).call('POST', '/api/family-members', child)).statusCode).toBe(200)
  })

  it("never shows or changes another user's members: their ids are 404", async () => {
    const owner = await newUser()
    const other = await newUser()
    const member = await owner.add(child)
    expect((await other.list()).items).toEqual([])
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { ...child, name: '李四' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await other.call(method, `/api/family-members/${member.id}`, body)
      expect(res.statusCode, method).toBe(404)
      expect(res.json().error).toMatchObject({ code: 'NOT_FOUND', message: '家庭成员不存在' })
    }
    expect((await owner.list()).items).toEqual([member])
  })

  it('keeps at most 20 members, also under concurrent adds, and takes one again after a delete', async () => {
    const user = await newUser()
    const input = (n: number): FamilyMemberInput => ({
      ...child,
      name: `张子${'一二三四五六七八九十'[n % 10]}${'甲乙丙'[Math.floor(n / 10)]}`,
      certNo: residentId('2010-01-01', n),
      birthday: '2010-01-01',
      gender: n % 2 === 1 ? 'M' : 'F',
    })
    for (let n = 0; n < 17; n++) await user.add(input(n))
    // Five adds at once with room for three: exactly three get in.
    const racing = await Promise.all(
      [17, 18, 19, 20, 21].map((n) => user.call('POST', '/api/family-members', input(n))),
    )
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 409, 409])
    const refused = racing.find((r) => r.statusCode === 409)!
    expect(refused.json().error).toMatchObject({
      code: 'FAMILY_MEMBER_LIMIT',
      message: '最多可添加20位家庭成员，请先删除不再需要的成员',
    })
    const list = await user.list()
    expect(list.items).toHaveLength(20)

    await user.call('DELETE', `/api/family-members/${list.items[0].id}`)
    expect((await user.call('POST', '/api/family-members', input(25))).statusCode).toBe(200)
    expect((await user.list()).items).toHaveLength(20)
  })
})

describe("family members: the user's verified ID", () => {
  it('refuses the user as their own member, and children older or parents younger than the user', async () => {
    const user = await newUser()
    const verified = await user.call('POST', '/api/me/real-name', { name: '张三', idNumber: HOLDER_ID }) // born 1990-03-07
    expect(verified.statusCode).toBe(200)
    const self = await user.call('POST', '/api/family-members', {
      ...child,
      name: '张三',
      relation: '4',
      certNo: HOLDER_ID,
      birthday: '1990-03-07',
      gender: 'M',
    })
    expect(self.statusCode).toBe(400)
    expect(self.json().error.details[0]).toEqual({
      field: 'certNo',
      message: '这是您本人的证件号码，为自己投保请选择“本人”',
    })

    const older = { ...child, certNo: residentId('1960-05-01', 13), birthday: '1960-05-01', gender: 'M' }
    const olderChild = await user.call('POST', '/api/family-members', older)
    expect(olderChild.json().error.details[0]).toEqual({
      field: 'relation',
      message: '子女的出生日期应晚于您本人',
    })
    const youngerParent = await user.call('POST', '/api/family-members', { ...child, relation: '4' })
    expect(youngerParent.json().error.details[0]).toEqual({
      field: 'relation',
      message: '父母的出生日期应早于您本人',
    })

    expect((await user.call('POST', '/api/family-members', { ...older, relation: '4' })).statusCode).toBe(200)
    expect((await user.call('POST', '/api/family-members', child)).statusCode).toBe(200)
  })

  it('documents every family route in the OpenAPI document', async () => {
    const doc = (await test.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>
    }>()
    expect(Object.keys(doc.paths['/api/family-members']).sort()).toEqual(['get', 'post'])
    expect(Object.keys(doc.paths['/api/family-members/{id}']).sort()).toEqual(['delete', 'get', 'put'])
  })
})
