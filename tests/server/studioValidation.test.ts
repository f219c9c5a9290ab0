import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatError } from '../../src/page-config/errors'
import { createValidator, listConfigFiles } from '../../src/page-config/validate'
import { createTestApp, type TestApp } from './helpers'
import { as, staffLogin } from './studioHelpers'

// Every kind of broken config the CLI rejects (the cases of tests/scripts/validate-configs.test.ts), sent to the
// studio's API: a save keeps the draft marked with its error count and validate answers 200 with the errors, each with
// the pointer, line, column and Chinese message the CLI prints for the same text (JSON.stringify(config, null, 2)).
// The CLI's lines come from its own validator and formatter, given the texts under names that exist nowhere on
// disk: files written into page-configs/ were seen, broken, by tests that check every seed config at that moment.

const root = resolve(import.meta.dirname, '../..')
const dir = 'page-configs/zz-studio'

const page = (blocks: unknown[], extra: Record<string, unknown> = {}) => ({
  schemaVersion: 3,
  title: '测试页',
  ...extra,
  blocks,
})
const window = { startAt: '2026-11-24T00:00:00+08:00', endAt: '2027-01-31T23:59:59+08:00' }
const schedule = { ...window, fallback: '/' }
const item = (extra: Record<string, unknown> = {}) => ({
  id: 'm1',
  title: '阿根廷 vs 法国',
  kickoffAt: '2026-12-05T20:00:00+08:00',
  lockAt: '2026-12-05T19:30:00+08:00',
  options: [
    { id: 'home', label: '阿根廷胜' },
    { id: 'away', label: '法国胜' },
  ],
  ...extra,
})

// name, config, a line the CLI prints for it (pointer and message).
const cases: [string, Record<string, unknown>, string][] = [
  [
    'unknown-field',
    page([{ type: 'hero', image: '/springFestival/hero.svg', alt: 'x', titel: '春节' }]),
    '/blocks/0/titel  不认识的设置项「titel」',
  ],
  ['unknown-block-type', page([{ type: 'heroo' }]), '/blocks/0/type  没有「heroo」这种区块类型'],
  ['missing-required', page([{ type: 'markdown' }]), '/blocks/0  缺少必填项「内容」'],
  ['wrong-type', page([{ type: 'spacer', height: '16' }]), '/blocks/0/height  「高度」应为整数'],
  [
    'bad-time-format',
    page([{ type: 'markdown', source: 'x' }], { schedule: { ...schedule, startAt: '2027-01-01 10:00' } }),
    '/schedule/startAt  「开始时间」不是有效的时间',
  ],
  [
    'navigate-target-missing',
    page([{ type: 'button', text: '去', action: { type: 'navigate', to: '/nowhere?x=1' } }]),
    '/blocks/0/action/to  跳转目标 "/nowhere?x=1" 不存在于路由表',
  ],
  [
    'unknown-data-source',
    page([{ type: 'product-list', from: 'products' }]),
    '/blocks/0/from  数据源「products」不存在',
  ],
  [
    'binding-outside-whitelist',
    page([{ type: 'markdown', source: '{{window.location}}' }]),
    '/blocks/0/source  插值 {{window.location}} 不允许',
  ],
  [
    'scroll-target-missing',
    page([{ type: 'button', text: '去', action: { type: 'scroll-to', target: 'nope' } }]),
    '/blocks/0/action/target  滚动目标区块 "nope" 不存在',
  ],
  [
    'duplicate-block-id',
    page([
      { type: 'spacer', id: 'a', height: 8 },
      { type: 'spacer', id: 'a', height: 8 },
    ]),
    '/blocks/1/id  区块 id「a」重复',
  ],
  [
    'image-missing',
    page([{ type: 'image', src: '/nope/missing.png', alt: 'x' }]),
    '/blocks/0/src  文件 public/nope/missing.png 不存在',
  ],
  [
    'schedule-out-of-order',
    page([{ type: 'markdown', source: 'x' }], {
      schedule: { startAt: '2027-02-01T00:00:00+08:00', endAt: '2027-01-01T00:00:00+08:00', fallback: '/' },
    }),
    '/schedule/endAt  「结束时间」必须晚于「开始时间」',
  ],
  [
    'link-host-not-allowed',
    page([{ type: 'button', text: '去', action: { type: 'link', href: 'https://evil.example.com/x' } }]),
    '/blocks/0/action/href  外链域名不在白名单内',
  ],
  [
    'hero-image-elsewhere',
    page([{ type: 'hero', image: 'https://evil.example.com/track.png', alt: '头图' }]),
    '/blocks/0/image  「头图图片」的图片地址不允许：只能用站内图片',
  ],
  [
    'share-image-protocol-relative',
    page([{ type: 'markdown', source: 'x' }], {
      share: { title: '分享', image: '//evil.example.com/s.png' },
    }),
    '/share/image  「图片」的图片地址不允许',
  ],
  [
    'markdown-image-elsewhere',
    page([{ type: 'markdown', source: '规则 ![图](https://media.guoheng-demo.com.evil.example.com/a.png)' }]),
    '/blocks/0/source  Markdown 中的图片 "https://media.guoheng-demo.com.evil.example.com/a.png" 不允许',
  ],
  [
    'style-background-with-url',
    page([
      {
        type: 'title',
        text: '标题',
        style: { background: 'linear-gradient(red,blue),url(https://evil.example.com/x.png)' },
      },
    ]),
    '/blocks/0/style/background  「背景色」应是颜色',
  ],
  [
    'future-schema-version',
    { schemaVersion: 9, title: 'x', blocks: [] },
    '/schemaVersion  schemaVersion 9 比当前支持的 3 新',
  ],
  [
    'compliance-phrase',
    page([{ type: 'title', text: '限时停售，速来' }]),
    '/blocks/0/text  合规：含“限时停售”——不得炒作停售',
  ],
  [
    'lottery-without-prizes',
    page([{ type: 'markdown', source: '规则' }], {
      schedule,
      campaigns: { 'vt-draw': { kind: 'lottery', title: '抽奖', window, items: [item()] } },
    }),
    '/campaigns/vt-draw  抽奖活动须写明「奖品」',
  ],
  [
    'guess-duplicate-item',
    page([{ type: 'markdown', source: '规则' }], {
      schedule,
      campaigns: {
        'vt-guess': {
          kind: 'guess',
          title: '竞猜',
          window,
          items: [item(), item({ title: '重赛' })],
          correctReward: { kind: 'points', amount: 20 },
        },
      },
    }),
    '/campaigns/vt-guess/items/1/id  竞猜项编号「m1」重复（第 1 项已使用）',
  ],
  [
    'api-action-to-a-staff-route',
    page([{ type: 'button', text: '领取', action: { type: 'api', url: '/api/studio/staff', body: {} } }]),
    '/blocks/0/action/url  接口 "/api/studio/staff" 不在页面可调用的范围内',
  ],
  [
    'api-action-to-an-account-action',
    page([{ type: 'button', text: '领取', action: { type: 'api', url: '/api/me/deletion' } }]),
    '/blocks/0/action/url  接口 "/api/me/deletion" 不在页面可调用的范围内',
  ],
  [
    'api-action-with-dot-segments',
    page([
      { type: 'button', text: '领取', action: { type: 'api', url: '/api/campaigns/x/../../studio/staff' } },
    ]),
    '/blocks/0/action/url  「地址」应是 /api/ 开头的接口路径',
  ],
  [
    'data-source-outside-the-allow-list',
    page([{ type: 'markdown', source: '{{data.me.id}}' }], {
      dataSources: { me: { get: '/api/studio/session' } },
    }),
    '/dataSources/me/get  接口 "/api/studio/session" 不在数据源可读取的范围内',
  ],
  [
    'block-of-an-undeclared-campaign',
    page([{ type: 'lottery', campaign: 'nowhere-draw' }]),
    '/blocks/0/campaign  本页没有声明活动「nowhere-draw」',
  ],
]

let t: TestApp
let editor: string
let cli: Map<string, string[]>

beforeAll(async () => {
  const sources = cases.map(([name, config]) => ({
    file: `${dir}/${name}.json`,
    text: JSON.stringify(config, null, 2),
  }))
  // What `npm run validate:configs` prints for these files: its lines, by file, without the file name.
  const validator = await createValidator({ root })
  cli = new Map(sources.map(({ file }) => [file, []]))
  for (const line of validator
    .validate(sources, [...listConfigFiles(root), ...sources.map((s) => s.file)])
    .map(formatError)) {
    const file = sources.find((s) => line.startsWith(`${s.file}:`))?.file
    if (file) cli.get(file)?.push(line.slice(file.length + 1))
  }
  t = await createTestApp()
  editor = await staffLogin(t.app, 'editor')
  expect(
    (await as(t.app, editor, 'POST', '/api/studio/pages', { id: 'broken', title: '坏配置' })).statusCode,
  ).toBe(201)
}, 120_000)
afterAll(async () => {
  await t?.close()
})

type Finding = { pointer: string; message: string; line: number; column: number }
const asLines = (errors: Finding[]) =>
  errors.map((e) => `${e.line}:${e.column}  ${e.pointer || '/'}  ${e.message}`)

describe('broken configs through the studio API', () => {
  it.each(cases)('%s: saved marked, and the same errors as the CLI', async (name, config, expected) => {
    const lines = cli.get(`${dir}/${name}.json`) ?? []
    // Every message starts with the words naming its block or campaign (tests/scripts/errorSentences.test.ts).
    const bare = (line: string) =>
      line.replace(
        /^(\S+ {2}\S+ {2})(第 \d+ 个区块|活动「|活动时间|分享信息|页面主题|数据源「)[^：]*：/,
        '$1',
      )
    expect(
      lines.some((l) => bare(l).includes(expected)),
      lines.join('\n'),
    ).toBe(true)

    const checked = await as(t.app, editor, 'POST', '/api/studio/validate?id=broken', config)
    expect(checked.statusCode).toBe(200)
    expect(asLines(checked.json<{ errors: Finding[] }>().errors)).toEqual(lines)

    // A draft with errors is saved (marked with their count, never publishable) and shows the same errors.
    const before = (await as(t.app, editor, 'GET', '/api/studio/pages/broken')).json<{
      draftRevision: number
    }>()
    const saved = await as(t.app, editor, 'PUT', '/api/studio/pages/broken/draft', config, {
      'if-match': `"${before.draftRevision}"`,
    })
    expect({ status: saved.statusCode, errors: saved.json<{ errors: number }>().errors }).toEqual({
      status: 200,
      errors: lines.length,
    })
    const detail = (await as(t.app, editor, 'GET', '/api/studio/pages/broken')).json<{
      errors: Finding[]
      draftErrors: number
    }>()
    expect(asLines(detail.errors)).toEqual(lines)
    expect(detail.draftErrors).toBe(lines.length)
  })

  it('refuses text PostgreSQL cannot keep (NUL, a lone surrogate) at the field', async () => {
    const config = page([
      { type: 'title', text: 'a\u0000b' },
      { type: 'markdown', source: 'x\ud800' },
    ])
    const res = await as(t.app, editor, 'POST', '/api/studio/validate', config)
    const errors = res.json<{ errors: Finding[] }>().errors
    expect(errors.filter((e) => e.message === '不能包含控制字符或无效字符').map((e) => e.pointer)).toEqual([
      '/blocks/0/text',
      '/blocks/1/source',
    ])
  })
})
