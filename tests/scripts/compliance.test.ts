import { resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { blockDocs } from '../../scripts/docs-blocks'
import {
  parseComplianceRules,
  readComplianceRules,
  type ComplianceRule,
} from '../../src/page-config/compliance'
import { formatError } from '../../src/page-config/errors'
import { createValidator, type ConfigValidator } from '../../src/page-config/validate'

const root = resolve(import.meta.dirname, '../..')
const FILE = 'page-configs/test/a.json'
const rules = readComplianceRules(root)
const ruleById = new Map(rules.map((r) => [r.id, r]))
let validator: ConfigValidator

beforeAll(async () => {
  validator = await createValidator({ root, screenRoutes: ['/', '/product'] })
})

const page = (blocks: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ schemaVersion: 3, title: '测试页', ...extra, blocks }, null, 2)

/**
 * The compliance lines the validator prints for a config (other errors, e.g. a missing image, left out), without
 * the words naming the block or campaign that every message starts with (tests/scripts/errorSentences.test.ts).
 */
function lint(text: string): string[] {
  return validator
    .validate([{ file: FILE, text }], [FILE])
    .map(formatError)
    .filter((line) => line.includes('合规：'))
    .map((line) => line.replace(/^(\S+ {2}\S+ {2}).*?(合规：)/, '$1$2'))
}

/** 1-based line of the first line of `text` holding `needle` (as JSON.stringify writes it). */
const lineOf = (text: string, needle: string) =>
  text.split('\n').findIndex((l) => l.includes(JSON.stringify(needle).slice(1, -1))) + 1

const expected = (rule: ComplianceRule, match: string) =>
  `合规：含“${match}”——${rule.message}（规则 ${rule.id}；依据：${rule.source.split('；')[0].split('（')[0]}）`

// Every text rule: a text that breaks it (and the part the message quotes), and compliant wording of the same idea.
const textCases: Record<string, { bad: string; match: string; good: string }> = {
  'first-month-low-price': {
    bad: '重疾险首月1元，立即升级',
    match: '首月1元',
    good: '重疾险月缴 39 元起，按月扣费',
  },
  'free-gift-insurance-ad': {
    bad: '免费赠险，人人有份',
    match: '免费赠险',
    good: '登录后领取赠送的意外险，保障一年',
  },
  'physical-prize-lottery': {
    bad: '参与实物抽奖赢好礼',
    match: '实物抽奖',
    good: '签到赢积分，积分可兑换礼品',
  },
  'stop-sale-hype': { bad: '爆款重疾险即将停售', match: '即将停售', good: '重疾险保障责任详解' },
  'panic-buying': { bad: '百万医疗险限量抢购', match: '抢购', good: '停车券每天 10 点开抢，数量有限' },
  'guaranteed-return': { bad: '年金险稳赚不赔', match: '稳赚', good: '演示利益不代表未来收益，本产品不保本' },
  'premium-discount': {
    bad: '百万医疗险保费 8 折',
    match: '医疗险保费8折',
    good: '百万医疗险保费按备案费率收取',
  },
  'discount-near-insurance': { bad: '意外险活动：立减 20 元', match: '立减', good: '停车费立减 20 元' },
  'purchase-inducement': { bad: '投保即送 iPhone', match: '投保即送', good: '登录即送体检卡' },
  'final-interpretation': {
    bad: '本活动最终解释权归青松保险所有',
    match: '最终解释权归青松保险所有',
    good: '活动规则如有疑问请联系客服 95500',
  },
  'lowest-price': { bad: '意外险全年最低价', match: '最低价', good: '意外险每年 29.9 元' },
  'full-payout-promise': {
    bad: '住院医疗 １００％ 赔付',
    match: '100%赔付',
    good: '住院医疗按合同约定比例赔付',
  },
  'token-premium': { bad: '新用户专享，1元保30天', match: '1元保30天', good: '新用户专享，保障 30 天' },
  'campaign-purchase-condition': {
    bad: '仅限投保用户参与',
    match: '投保用户',
    good: '登录用户均可参与，每天 1 次',
  },
}

const campaign = (fields: Record<string, unknown>) => ({
  campaigns: {
    spring: {
      kind: 'lottery',
      eligibility: { loggedIn: true },
      prizes: [
        { id: 'p1', name: '体检卡', stock: 10, weight: 1, reward: { kind: 'coupon', couponId: 'c-1' } },
      ],
      ...fields,
    },
  },
})

describe('the compliance rule set (data)', () => {
  it('has a test case for every rule, and every rule names its source', () => {
    const tested = new Set([...Object.keys(textCases), 'product-insurer-shown'])
    expect(rules.map((r) => r.id).filter((id) => !tested.has(id))).toEqual([])
    for (const rule of rules) {
      expect(rule.severity).toBe('error')
      expect(rule.source).toMatch(/《.+》|银保监/)
      expect(rule.message).toMatch(/[\u4e00-\u9fff]/)
    }
  })

  it('refuses a malformed rule with its place in the file', () => {
    const base = {
      id: 'x',
      kind: 'banned-phrase',
      phrases: ['保本'],
      message: '不得',
      severity: 'error',
      source: '《某办法》',
    }
    expect(() => parseComplianceRules([{ ...base, patterns: ['(未闭合'] }])).toThrow(
      /\/rules\/0: 正则表达式 \(未闭合 无效/,
    )
    expect(() => parseComplianceRules([{ ...base, source: '' }])).toThrow(/缺少 source/)
    expect(() => parseComplianceRules([{ ...base, kind: 'nope' }])).toThrow(/kind 应为/)
    expect(() => parseComplianceRules([base, base])).toThrow(/\/rules\/1: id "x" 重复/)
  })

  it('is listed in the block catalogue with every message and source (generated from the file)', () => {
    const docs = blockDocs(root)
    expect(docs).toContain('## 合规规则')
    for (const rule of rules) {
      expect(docs).toContain(`### ${rule.id}`)
      expect(docs).toContain(rule.message)
      expect(docs).toContain(rule.source)
    }
  })
})

describe('every text rule: the phrase is an error at file:line  /pointer  message; compliant wording is not', () => {
  const textRules = Object.entries(textCases).filter(([id]) => id !== 'campaign-purchase-condition')
  it.each(textRules)('%s', (id, { bad, match, good }) => {
    const rule = ruleById.get(id)!
    const text = page([
      { type: 'title', text: '活动' },
      { type: 'title', text: bad },
    ])
    expect(lint(text)).toEqual([`${FILE}:${lineOf(text, bad)}:15  /blocks/1/text  ${expected(rule, match)}`])
    expect(
      lint(
        page([
          { type: 'title', text: '活动' },
          { type: 'title', text: good },
        ]),
      ),
    ).toEqual([])
  })

  it.each(textRules)(
    '%s: inside an image path, a link, an id or a data source it is no error',
    (_id, { bad }) => {
      const slug = bad.replace(/\s/g, '')
      const text = page(
        [
          { type: 'hero', id: slug, image: `/activity/${slug}/hero.png`, alt: '活动头图' },
          { type: 'image', src: `/活动/${slug}.png`, alt: '图片' },
          { type: 'button', text: '去看看', action: { type: 'navigate', to: `/product?tag=${slug}` } },
          { type: 'button', text: '外链', action: { type: 'link', href: `https://m.example.com/${slug}` } },
          {
            type: 'markdown',
            source: `![海报](/activity/${slug}.png) 详见[说明](https://m.example.com/${slug})`,
          },
          { type: 'product-list', from: 'products' },
        ],
        { dataSources: { products: { get: '/api/products', query: { tag: slug } } } },
      )
      expect(lint(text)).toEqual([])
    },
  )
})

describe('every text of a config is checked, wherever it is', () => {
  const rule = () => ruleById.get('guaranteed-return')!
  it('share texts, markdown, table cells, nested tabs and dialog texts', () => {
    const text = page(
      [
        { type: 'markdown', source: '## 活动规则\n1. 本产品**稳赚**不亏' },
        { type: 'table', columns: [{ key: 'a', title: '收益' }], rows: [{ a: '稳赚' }] },
        { type: 'tabs', tabs: [{ title: '说明', blocks: [{ type: 'title', text: '稳赚' }] }] },
        {
          type: 'button',
          text: '规则',
          action: { type: 'dialog', title: '说明', content: '稳赚' },
        },
      ],
      { share: { title: '分享', desc: '稳赚' } },
    )
    const pointers = lint(text).map((l) => l.split('  ')[1])
    expect(pointers).toEqual([
      '/share/desc',
      '/blocks/0/source',
      '/blocks/1/rows/0/a',
      '/blocks/2/tabs/0/blocks/0/text',
      '/blocks/3/action/content',
    ])
    expect(lint(text)[0]).toContain(expected(rule(), '稳赚'))
  })

  it('every phrase of one text is an error, not only the first, each citing its rule', () => {
    const bad = '抢购重疾险：最终解释权归本公司所有，全网最低价，100%赔付，稳赚'
    const found = lint(page([{ type: 'title', text: bad }]))
    expect(found.map((l) => /含“([^”]+)”/.exec(l)?.[1])).toEqual([
      '抢购',
      '稳赚',
      '最终解释权归本公司所有',
      '全网最低',
      '100%赔付',
    ])
    expect(found.map((l) => /规则 ([a-z-]+)/.exec(l)?.[1])).toEqual([
      'panic-buying',
      'guaranteed-return',
      'final-interpretation',
      'lowest-price',
      'full-payout-promise',
    ])
  })

  it('the page title too; spaces, full-width digits and Markdown emphasis do not hide a phrase', () => {
    expect(lint(page([], { title: '首月 １ 元' }))[0]).toMatch(
      /^page-configs\/test\/a\.json:3:12 {2}\/title {2}合规：含“首月1元”/,
    )
    expect(lint(page([{ type: 'markdown', source: '**保**本**保**息' }]))[0]).toContain('含“保本”')
  })

  it('a premium deduction or a coupon off an insurance premium, in a dialog or a share text', () => {
    const text = page(
      [
        {
          type: 'button',
          text: '礼包',
          action: { type: 'dialog', title: '新人礼包', content: '礼包在您首次投保时自动抵扣' },
        },
      ],
      { share: { title: '分享', desc: '新春返乡意外险，领券再减' } },
    )
    expect(
      lint(text).map((l) => / {2}(\/\S+) {2}合规：含“([^”]+)”.*规则 ([\w-]+)/.exec(l)?.slice(1)),
    ).toEqual([
      ['/share/desc', '领券再减', 'discount-near-insurance'],
      ['/blocks/0/action/content', '投保时自动抵扣', 'premium-discount'],
    ])
  })

  it('a disclaimer after a negation is no error', () => {
    const text = page([
      {
        type: 'markdown',
        source:
          '本产品不保本，不保证收益，并非零风险。活动不提供任何保费折扣，权益与是否投保无关，不抵扣保费。',
      },
      { type: 'title', text: '无需投保即可领取' },
    ])
    expect(lint(text)).toEqual([])
  })
})

describe('campaign-purchase-condition: eligibility and rewards may not depend on buying a policy', () => {
  const rule = () => ruleById.get('campaign-purchase-condition')!
  it('a text under campaigns', () => {
    const { bad, match, good } = textCases['campaign-purchase-condition']
    const text = page([], campaign({ description: bad }))
    expect(lint(text)).toEqual([
      `${FILE}:${lineOf(text, bad)}:22  /campaigns/spring/description  ${expected(rule(), match)}`,
    ])
    expect(lint(page([], campaign({ description: good })))).toEqual([])
    // Buying as the way to a prize breaks the inducement rule as well.
    const both = lint(page([], campaign({ description: '购买保险后可抽奖' })))
    expect(both.map((l) => /规则 ([\w-]+)/.exec(l)?.[1])).toEqual([
      'purchase-inducement',
      'campaign-purchase-condition',
    ])
    // Outside campaigns the same sentence is prose about the product (the inducement rules cover it).
    expect(lint(page([{ type: 'title', text: '投保用户请查看保单' }]))).toEqual([])
  })

  it('an eligibility flag or identifier naming a purchase, at its key', () => {
    const text = page([], campaign({ eligibility: { loggedIn: true, hasPolicy: true } }))
    const line = lineOf(text, 'hasPolicy')
    expect(lint(text)).toEqual([
      `${FILE}:${line}:9  /campaigns/spring/eligibility/hasPolicy  合规：“hasPolicy”——${rule().message}（规则 ${rule().id}；依据：《中华人民共和国保险法》第一百一十六条、第一百三十一条）`,
    ])
    const listed = lint(page([], campaign({ eligibility: { requires: ['loggedIn', 'boughtPolicy'] } })))
    expect(listed).toHaveLength(1)
    expect(listed[0]).toContain('/campaigns/spring/eligibility/requires/1  合规：“boughtPolicy”')
    const reward = lint(page([], campaign({ prizes: [{ name: '下单抽iPhone', purchased: true }] })))
    expect(reward.map((l) => l.split('  ')[1])).toEqual([
      '/campaigns/spring/prizes/0/name',
      '/campaigns/spring/prizes/0/purchased',
    ])
  })

  it('a compliant campaign: logged in, member level, new user, real name; a gift policy as a prize', () => {
    const text = page(
      [],
      campaign({
        eligibility: { loggedIn: true, memberLevel: 2, newUser: true, realNameVerified: true },
        prizes: [
          { id: 'g', name: '赠送意外险一份', reward: { kind: 'gift-policy', productId: 'p-accident-daily' } },
          { id: 't', name: '谢谢参与', reward: { kind: 'none' } },
        ],
        description: '无需投保即可参与，每人每天 1 次',
      }),
    )
    expect(lint(text)).toEqual([])
  })
})

describe('product-insurer-shown: product promotion names the insurer', () => {
  const rule = () => ruleById.get('product-insurer-shown')!
  const dataSources = { products: { get: '/api/products', query: { tag: '春节' } } }
  it('an option hiding the insurer on a product block is an error at that option', () => {
    const text = page([{ type: 'product-list', from: 'products', showInsurer: false }], { dataSources })
    expect(lint(text)).toEqual([
      `${FILE}:${lineOf(text, 'showInsurer')}:22  /blocks/0/showInsurer  合规：showInsurer: false 隐藏了保险公司——${rule().message}（规则 ${rule().id}；依据：《互联网保险业务监管办法》）`,
    ])
  })

  it('product data shown by a block that is not a product block is an error', () => {
    const text = page([{ type: 'table', from: 'products', columns: [], rows: [] }], { dataSources })
    expect(lint(text)[0]).toContain('/blocks/0/from  合规：这个区块展示产品数据但不显示保险公司')
  })

  it('a product list (which always shows the insurer) is no error', () => {
    expect(lint(page([{ type: 'product-list', from: 'products', layout: 'row' }], { dataSources }))).toEqual(
      [],
    )
  })
})
