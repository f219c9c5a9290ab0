import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { formatError } from '../../src/page-config/errors'
import { isObject, type JsonObject } from '../../src/page-config/json'
import { patternWords } from '../../src/page-config/patternWords'
import { readSchemaFiles } from '../../src/page-config/schemaSet'
import { createValidator, listConfigFiles, type ConfigValidator } from '../../src/page-config/validate'

// The validator's messages are sentences a person understands: in Chinese, naming the thing (which block, which
// prize) and the field by its Chinese name, never a key, a regular expression or an English word; and the
// CLI's line keeps naming the file, line and pointer.

const root = resolve(import.meta.dirname, '../..')
const FILE = 'page-configs/test/a.json'
let validator: ConfigValidator

beforeAll(async () => {
  validator = await createValidator({ root, screenRoutes: ['/', '/product'] })
})

const page = (blocks: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ schemaVersion: 3, title: '测试页', ...extra, blocks }, null, 2)
const check = (text: string) => validator.validate([{ file: FILE, text }], [FILE]).map(formatError)
/** The messages alone (`file:line:col  /pointer  message`). */
const messages = (text: string) => check(text).map((line) => line.split('  ').slice(2).join('  '))

const window = { startAt: '2026-12-01T00:00:00+08:00', endAt: '2026-12-12T23:59:59+08:00' }
const schedule = { ...window, fallback: '/' }
const lottery = (prizes: unknown[], id = 'd12-draw') =>
  page([{ type: 'lottery', campaign: id }], {
    schedule,
    campaigns: {
      [id]: { kind: 'lottery', title: '双十二抽奖', window, limits: { perUserTotal: 3 }, prizes },
    },
  })
const thanks = { id: 'thanks', name: '谢谢参与', weight: 50, reward: { kind: 'nothing' } }
const points = { id: 'pts', name: '20 积分', weight: 10, reward: { kind: 'points', amount: 20 } }

describe('each kind of schema error is a sentence naming the thing and the field', () => {
  it('a prize: which campaign, which prize (number and name), and the field in Chinese', () => {
    expect(check(lottery([points, { ...thanks, stock: -1 }]))).toEqual([
      `${FILE}:37:20  /campaigns/d12-draw/prizes/1/stock  活动「双十二抽奖」 › 奖品 2（谢谢参与）：「总库存」不能小于 0`,
    ])
    expect(messages(lottery([points, { ...thanks, weight: '5' }]))).toEqual([
      '活动「双十二抽奖」 › 奖品 2（谢谢参与）：「抽中权重」应为整数',
    ])
    const { name: _name, ...unnamed } = points
    expect(messages(lottery([thanks, unnamed]))).toEqual([
      '活动「双十二抽奖」 › 奖品 2：缺少必填项「奖品名称」',
    ])
    expect(
      messages(
        lottery([
          thanks,
          { ...points, name: '停车券', reward: { kind: 'coupon', benefit: '停车券', validDays: 3 } },
        ]),
      ),
    ).toEqual(['活动「双十二抽奖」 › 奖品 2（停车券）：须写明「库存」（只有谢谢参与、积分、金豆可不限）'])
  })

  it('required, unknown field, type, enum, maxLength, minLength, minimum, format: with the block named', () => {
    const blocks = [
      { type: 'title', text: '双十二狂欢' },
      { type: 'hero', alt: '头图' },
      { type: 'title', text: '双十二', titel: 'x' },
      { type: 'spacer', height: '16' },
      { type: 'product-list', from: 'products', layout: 'grid', title: '热'.repeat(31), limit: 0 },
      { type: 'title', text: '' },
    ]
    expect(
      messages(
        page(blocks, {
          dataSources: { products: { get: '/api/products' } },
          schedule: { ...schedule, startAt: '12月1日' },
        }),
      ),
    ).toEqual([
      '活动时间：「开始时间」不是有效的时间，应写成 2027-01-20T10:00:00+08:00',
      '第 2 个区块（头图「头图」）：缺少必填项「头图图片」',
      '第 3 个区块（标题「双十二」）：不认识的设置项「titel」（拼写错误？这里可填：区块 id、显示阶段、显示条件、生效时间段、样式、标题文字、副标题、级别、对齐）',
      '第 4 个区块（留白）：「高度」应为整数',
      '第 5 个区块（产品列表「热热热热热热热热热热热热…」）：「布局」只能是以下之一：卡片、行式',
      '第 5 个区块（产品列表「热热热热热热热热热热热热…」）：「标题」最多 30 个字符',
      '第 5 个区块（产品列表「热热热热热热热热热热热热…」）：「最多显示几个」不能小于 1',
      '第 6 个区块（标题）：「标题文字」不能为空',
    ])
  })

  it('a pattern is said in words: a campaign id, a data source name, a colour', () => {
    const text = lottery([thanks], 'Dec12')
    expect(messages(text)).toContain('活动编号「Dec12」只能用小写字母、数字和 -，3–40 个字符')
    expect(messages(page([{ type: 'title', text: '标题', style: { color: 'rot' } }]))).toEqual([
      '第 1 个区块（标题「标题」）：「文字颜色」应是颜色，如 #ff6600、rgba(255, 102, 0, 0.5) 或 transparent',
    ])
    expect(
      messages(
        page([{ type: 'markdown', source: 'x' }], {
          dataSources: { 'my products': { get: '/api/products' } },
        }),
      ),
    ).toContain('数据源名「my products」只能用字母、数字和下划线，以字母开头')
  })

  it('an unknown block type lists the blocks by their Chinese names', () => {
    const [message] = messages(page([{ type: 'heroo' }]))
    expect(message).toMatch(
      /^第 1 个区块（未知类型的区块）：没有「heroo」这种区块类型，可用：.*头图.*产品列表/,
    )
  })

  it('every pattern of the schemas has its words (no message shows an expression)', () => {
    const patterns = new Set<string>()
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk)
      else if (isObject(node))
        for (const [key, value] of Object.entries(node)) {
          if (key === 'pattern' && typeof value === 'string') patterns.add(value)
          else walk(value)
        }
    }
    for (const file of readSchemaFiles(root)) if (!file.path.startsWith('schemas/api/')) walk(file.schema)
    expect([...patterns].filter((p) => !patternWords(p))).toEqual([])
  })
})

// ---- the corpus: every folder config, broken in the ways people break them ----

/** Strings the messages may quote from the config (values people typed) and words that are the product's own. */
const QUOTED =
  /「[^」]*」|“[^”]*”|"[^"]*"|\{\{[^}]*\}\}|(https?:\/\/|\/)[^\s，。；：、）」]*|[a-z0-9-]+(\.[a-z0-9-]+)+/g
const ALLOWED =
  /\b(URL|ID|id|App|iPhone|Markdown|public|https|mp4|png|jpg|webp|svg|rgba|transparent|user|signIn|common|native|params|query|data)\b/g
const REGEX = /\^\[|\]\{|\$\)|\\[dswb]|\(\?[:!=<]|\[a-z|\{\d+,\d*\}/

function mutations(config: JsonObject): JsonObject[] {
  const copy = () => structuredClone(config)
  const out: JsonObject[] = []
  const blocks = Array.isArray(config.blocks) ? config.blocks : []
  const mutateBlocks = (fn: (block: JsonObject) => void) => {
    const c = copy()
    for (const block of c.blocks as unknown[]) if (isObject(block)) fn(block)
    out.push(c)
  }
  if (blocks.length) {
    // Required fields gone.
    mutateBlocks((b) => {
      for (const key of Object.keys(b)) if (key !== 'type') delete b[key]
    })
    // Unknown fields, wrong types, numbers out of range, overlong texts, unknown enum values.
    mutateBlocks((b) => {
      b.colour = 'red'
      for (const [key, value] of Object.entries(b)) {
        if (typeof value === 'number') b[key] = -1000000
        else if (typeof value === 'boolean') b[key] = 'yes'
        else if (typeof value === 'string' && key !== 'type')
          b[key] = key === 'layout' ? 'nonsense' : '长'.repeat(400)
        else if (Array.isArray(value)) b[key] = {}
      }
    })
    mutateBlocks((b) => {
      b.type = `${String(b.type)}-x`
    })
    mutateBlocks((b) => {
      b.id = 'Bad Id!'
      b.style = { color: 'rot', padding: 'lots' }
      b.showIn = ['someday']
    })
  }
  // Campaigns: every prize broken, ids that break their pattern.
  if (isObject(config.campaigns)) {
    const c = copy()
    for (const campaign of Object.values(c.campaigns as JsonObject)) {
      if (!isObject(campaign)) continue
      campaign.window = { startAt: 'soon', endAt: 'later' }
      if (Array.isArray(campaign.prizes))
        for (const prize of campaign.prizes)
          if (isObject(prize)) {
            prize.stock = -1
            prize.weight = 'a'
            prize.id = 'Bad Id'
            delete prize.name
          }
    }
    ;(c.campaigns as JsonObject)['Bad Campaign'] = { kind: 'raffle' }
    out.push(c)
  }
  const top = copy()
  top.title = '   '
  top.schedule = { startAt: 'tomorrow', endAt: 3 }
  top.share = { title: ' ', image: 'http://x.example.com/a.png' }
  top.dataSources = { 'bad name': { get: '/nowhere' } }
  top.theme = { primaryColor: 'blue-ish' }
  top.layout = 'wide'
  out.push(top)
  return out
}

describe('no message of a broken folder config shows a key, an expression or English', () => {
  const files = listConfigFiles(root)
  it.each(files)('%s', (file) => {
    const config = JSON.parse(readFileSync(join(root, file), 'utf8')) as JsonObject
    const bad: string[] = []
    let count = 0
    for (const broken of mutations(config)) {
      const errors = validator.validate([{ file, text: JSON.stringify(broken, null, 2) }], files)
      for (const error of errors) {
        count++
        expect(formatError(error)).toMatch(new RegExp(`^${file.replace(/[[\]]/g, '\\$&')}:\\d+:\\d+  /`))
        // A compliance finding cites its rule by id (规则 panic-buying), as the rule set and docs/blocks.md do.
        const words = error.message
          .replace(/规则 [a-z-]+/, '')
          .replace(QUOTED, '')
          .replace(ALLOWED, '')
        if (REGEX.test(error.message) || /[A-Za-z]{3,}/.test(words))
          bad.push(`${error.pointer}  ${error.message}`)
      }
    }
    expect(count).toBeGreaterThan(0)
    expect(bad).toEqual([])
  })
})
