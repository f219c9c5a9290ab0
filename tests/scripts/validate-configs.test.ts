import { execFileSync } from 'node:child_process'
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatError } from '../../src/page-config/errors'
import { createValidator, type ConfigValidator } from '../../src/page-config/validate'
import { migrateConfig } from '../../src/page-config/migrations'

const root = resolve(import.meta.dirname, '../..')
const screens = ['/', '/product', '/products', '/Login', '/news/articleDetail/:id']
let validator: ConfigValidator

beforeAll(async () => {
  validator = await createValidator({ root, screenRoutes: screens })
})

const page = (blocks: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ schemaVersion: 3, title: '测试页', ...extra, blocks }, null, 2)

/**
 * Each error line without the words naming its block or campaign, which every message starts with
 * (tests/scripts/errorSentences.test.ts covers them): `file:line:col  /pointer  sentence`.
 */
const bare = (line: string) =>
  line.replace(/^(\S+ {2}\S+ {2})(第 \d+ 个区块|活动「|活动时间|分享信息|页面主题|数据源「)[^：]*：/, '$1')

function check(text: string, file = 'page-configs/test/a.json', others: string[] = []) {
  return validator
    .validate([{ file, text }], [file, ...others])
    .map(formatError)
    .map(bare)
}

// Each broken example: the config text, and the one line the validator must print for it.
const broken: [string, string, string][] = [
  [
    'JSON syntax error',
    '{\n  "schemaVersion": 3,\n  "title": "x"\n  "blocks": []\n}',
    'page-configs/test/a.json:4:3  /  JSON 语法错误',
  ],
  [
    'unknown field (typo)',
    page([{ type: 'hero', image: '/springFestival/hero.svg', alt: 'x', titel: '春节' }]),
    ':9:7  /blocks/0/titel  不认识的设置项「titel」',
  ],
  ['unknown block type', page([{ type: 'heroo' }]), ':6:15  /blocks/0/type  没有「heroo」这种区块类型'],
  ['missing required field', page([{ type: 'markdown' }]), ':5:5  /blocks/0  缺少必填项「内容」'],
  ['wrong type', page([{ type: 'spacer', height: '16' }]), ':7:17  /blocks/0/height  「高度」应为整数'],
  [
    'bad time format',
    page([{ type: 'markdown', source: 'x' }], {
      schedule: { startAt: '2027-01-01 10:00', endAt: '2027-02-01T00:00:00+08:00', fallback: '/' },
    }),
    '/schedule/startAt  「开始时间」不是有效的时间，应写成 2027-01-20T10:00:00+08:00',
  ],
  [
    'navigate target missing',
    page([{ type: 'button', text: '去', action: { type: 'navigate', to: '/nowhere?x=1' } }]),
    ':10:15  /blocks/0/action/to  跳转目标 "/nowhere?x=1" 不存在于路由表',
  ],
  [
    'unknown data source',
    page([{ type: 'product-list', from: 'products' }]),
    '/blocks/0/from  数据源「products」不存在',
  ],
  [
    'binding outside whitelist',
    page([{ type: 'markdown', source: '{{window.location}}' }]),
    '/blocks/0/source  插值 {{window.location}} 不允许',
  ],
  [
    'scroll target missing',
    page([{ type: 'button', text: '去', action: { type: 'scroll-to', target: 'nope' } }]),
    '/blocks/0/action/target  滚动目标区块 "nope" 不存在',
  ],
  [
    'duplicate block id',
    page([
      { type: 'spacer', id: 'a', height: 8 },
      { type: 'spacer', id: 'a', height: 8 },
    ]),
    '/blocks/1/id  区块 id「a」重复（第 1 个区块已在使用）',
  ],
  [
    'image missing under public/',
    page([{ type: 'image', src: '/nope/missing.png', alt: 'x' }]),
    '/blocks/0/src  文件 public/nope/missing.png 不存在',
  ],
  [
    'schedule out of order',
    page([{ type: 'markdown', source: 'x' }], {
      schedule: { startAt: '2027-02-01T00:00:00+08:00', endAt: '2027-01-01T00:00:00+08:00', fallback: '/' },
    }),
    '/schedule/endAt  「结束时间」必须晚于「开始时间」',
  ],
  [
    'link host not allowed',
    page([{ type: 'button', text: '去', action: { type: 'link', href: 'https://evil.example.com/x' } }]),
    '/blocks/0/action/href  外链域名不在白名单内',
  ],
  [
    'future schema version',
    JSON.stringify({ schemaVersion: 9, title: 'x', blocks: [] }),
    '/schemaVersion  schemaVersion 9 比当前支持的 3 新',
  ],
]

describe('validate:configs rejects broken configs with file:line:col, pointer and a Chinese message', () => {
  it.each(broken)('%s', (_name, text, expected) => {
    const lines = check(text)
    expect(
      lines.some((l) => l.includes(expected)),
      lines.join('\n'),
    ).toBe(true)
    for (const line of lines) expect(line).toMatch(/^page-configs\/test\/a\.json:\d+:\d+ {2}\/\S* {2}\S/)
  })

  it('accepts a valid config, and in-site targets with a query or a route parameter', () => {
    const ok = page(
      [
        { type: 'hero', id: 'top', image: '/springFestival/hero.svg', alt: '春节' },
        { type: 'button', text: '详情', action: { type: 'navigate', to: '/product?id=p-accident-daily' } },
        { type: 'button', text: '文章', action: { type: 'navigate', to: '/app/news/articleDetail/12' } },
        { type: 'button', text: '顶部', action: { type: 'scroll-to', target: 'top' } },
        { type: 'markdown', source: '你好 {{user.userInfo.nickname}}，共 {{data.products.items.length}} 款' },
        { type: 'product-list', from: 'products' },
      ],
      { dataSources: { products: { get: '/api/products', query: { tag: '春节' } } } },
    )
    expect(check(ok)).toEqual([])
  })

  it('rejects two configs, or a config and a screen, claiming one path', () => {
    const text = page([{ type: 'markdown', source: 'x' }])
    expect(check(text, 'page-configs/a/index.json', ['page-configs/a.json'])[0]).toContain(
      '路径 /a 与 page-configs/a.json 冲突',
    )
    expect(check(text, 'page-configs/login.json')[0]).toContain('与手写页面路由 /Login 冲突')
  })

  it('makes a page of each declared value of a route parameter, and refuses links to an undeclared one', () => {
    const params = {
      routeParams: { type: { values: [{ value: 'accident', title: '意外专区' }, { value: 'travel' }] } },
    }
    const file = 'page-configs/xm/[type].json'
    const go = (to: string) => ({ type: 'button', text: '去', action: { type: 'navigate', to } })
    const text = page([go('/xm/travel'), { type: 'markdown', source: '当前：{{params.type}}' }], params)
    expect(check(text, file)).toEqual([])
    expect(check(page([go('/xm/foo')], params), file)).toEqual([
      expect.stringContaining('/blocks/0/action/to  跳转目标 "/xm/foo" 不存在于路由表'),
    ])
    // The parameter is declared where the file name has it, and only there.
    expect(check(page([{ type: 'markdown', source: 'x' }]), file)).toEqual([
      expect.stringContaining('文件名中的参数 [type] 未在 routeParams 中声明取值'),
    ])
    expect(check(page([{ type: 'markdown', source: 'x' }], params), 'page-configs/xm/plain.json')).toEqual([
      expect.stringContaining('/routeParams/type  参数 type 不在文件名中'),
    ])
    // Uses of a parameter name a declared one: bindings, conditions, data-source queries (params only there).
    const uses = page(
      [
        { type: 'markdown', source: '{{params.kind}}' },
        { type: 'markdown', source: 'x', visibleWhen: { state: 'params.kind', equals: 'a' } },
      ],
      {
        ...params,
        dataSources: {
          products: { get: '/api/products', query: { category: '{{params.type}}', q: '{{user.id}}' } },
        },
      },
    )
    expect(check(uses, file)).toEqual([
      expect.stringContaining('/dataSources/products/query/q  数据源的查询参数只能插入路由参数'),
      expect.stringContaining(
        '/blocks/0/source  插值 {{params.kind}} 引用的路由参数 kind 未在 routeParams 中声明',
      ),
      expect.stringContaining('/blocks/1/visibleWhen/state  插值 {{params.kind}} 引用的路由参数 kind'),
    ])
    const twice = { routeParams: { type: { values: [{ value: 'a' }, { value: 'A' }] } } }
    expect(check(page([{ type: 'markdown', source: 'x' }], twice), file)).toEqual([
      expect.stringContaining('/routeParams/type/values/1/value  取值 2：参数值 "A" 重复'),
    ])
  })

  it('migrates old schema versions before validating (v1 richtext, v2 share.imgUrl)', () => {
    const v1 = {
      schemaVersion: 1,
      title: '旧页面',
      share: { title: '分享', imgUrl: '/springFestival/share.svg' },
      blocks: [{ type: 'richtext', content: '## 旧规则' }],
    }
    const { config, applied } = migrateConfig(v1)
    expect(applied).toEqual([1, 2])
    expect(config).toMatchObject({
      schemaVersion: 3,
      share: { image: '/springFestival/share.svg' },
      blocks: [{ type: 'markdown', source: '## 旧规则' }],
    })
    expect(check(JSON.stringify(v1))).toEqual([])
  })

  it('every seed config in page-configs/ is valid', async () => {
    const real = await createValidator({ root })
    const { listConfigFiles } = await import('../../src/page-config/validate')
    const { readFileSync } = await import('node:fs')
    const files = listConfigFiles(root)
    expect(files.length).toBeGreaterThanOrEqual(32)
    const errors = real.validate(
      files.map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') })),
    )
    expect(errors.map(formatError)).toEqual([])
  })
})

describe('the CLI', () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(root, 'page-configs', '.test-cli-'))
    mkdirSync(dir, { recursive: true })
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('prints one line per error and exits 1; exits 0 for a good file', () => {
    const bad = join(dir, 'bad.json')
    writeFileSync(bad, page([{ type: 'hero', image: '/springFestival/hero.svg', alt: 'x', titel: 'x' }]))
    const rel = bad.slice(root.length + 1)
    let out = ''
    let status = 0
    try {
      execFileSync('node', ['--import', 'tsx', 'scripts/validate-configs.ts', rel], {
        cwd: root,
        stdio: 'pipe',
      })
    } catch (error) {
      const e = error as { status: number; stderr: Buffer }
      status = e.status
      out = e.stderr.toString()
    }
    expect(status).toBe(1)
    expect(out).toContain(`${rel}:9:7  /blocks/0/titel  第 1 个区块（头图「x」）：不认识的设置项「titel」`)
    const good = join(dir, 'good.json')
    writeFileSync(good, page([{ type: 'markdown', source: '好' }]))
    const ok = execFileSync(
      'node',
      ['--import', 'tsx', 'scripts/validate-configs.ts', good.slice(root.length + 1)],
      { cwd: root },
    ).toString()
    expect(ok).toContain('全部通过')
  })

  it('fails on a compliance error (src/page-config/compliance-rules.json) with the same kind of line', () => {
    const file = join(dir, 'banned.json')
    writeFileSync(file, page([{ type: 'title', text: '限时停售，速来' }]))
    const rel = file.slice(root.length + 1)
    let status = 0
    let out = ''
    try {
      execFileSync('node', ['--import', 'tsx', 'scripts/validate-configs.ts', rel], {
        cwd: root,
        stdio: 'pipe',
      })
    } catch (error) {
      const e = error as { status: number; stderr: Buffer }
      status = e.status
      out = e.stderr.toString()
    }
    expect(status).toBe(1)
    expect(out).toContain(
      `${rel}:7:15  /blocks/0/text  第 1 个区块（标题「限时停售，速来」）：合规：含“限时停售”——不得炒作停售`,
    )
  })

  it('passes a v1 config whose richtext sits inside tabs (the migration reaches nested blocks)', () => {
    const v1 = join(dir, 'v1-tabs.json')
    const richtext = { type: 'richtext', content: '## 旧规则' }
    const tabs = [
      { title: '规则', blocks: [richtext] },
      { title: '说明', blocks: [{ type: 'markdown', source: '说明' }] },
    ]
    writeFileSync(v1, JSON.stringify({ schemaVersion: 1, title: '旧页面', blocks: [{ type: 'tabs', tabs }] }))
    const out = execFileSync(
      'node',
      ['--import', 'tsx', 'scripts/validate-configs.ts', v1.slice(root.length + 1)],
      {
        cwd: root,
      },
    ).toString()
    expect(out).toContain('1 个页面配置全部通过')
  })

  it('does not count a hidden folder (a scratch copy, a test run) as pages, as the app does not', async () => {
    const broken = join(dir, 'broken.json')
    writeFileSync(broken, page([{ type: 'heroo' }]))
    const { listConfigFiles } = await import('../../src/page-config/validate')
    expect(listConfigFiles(root).filter((f) => f.includes('/.'))).toEqual([])
    // Named, the file is still checked.
    expect(() =>
      execFileSync(
        'node',
        ['--import', 'tsx', 'scripts/validate-configs.ts', broken.slice(root.length + 1)],
        {
          cwd: root,
          stdio: 'pipe',
        },
      ),
    ).toThrow(/没有「heroo」这种区块类型/)
  })

  it('takes absolute paths and paths relative to the folder the command was typed in', () => {
    const good = join(dir, 'good-abs.json')
    writeFileSync(good, page([{ type: 'markdown', source: '好' }]))
    const run = (arg: string, cwd: string) =>
      execFileSync('node', ['--import', 'tsx', join(root, 'scripts/validate-configs.ts'), arg], {
        cwd,
        env: { ...process.env, INIT_CWD: cwd },
      }).toString()
    expect(run(good, root)).toContain('1 个页面配置全部通过')
    // From a subfolder (npm sets INIT_CWD to it), a path that leaves that folder.
    expect(run(join('..', good.slice(root.length + 1)), join(root, 'src'))).toContain('全部通过')
  })
})

describe('campaigns: what each kind needs, and the checks of a guessing game', () => {
  const schedule = {
    startAt: '2026-11-24T00:00:00+08:00',
    endAt: '2027-01-31T23:59:59+08:00',
    fallback: '/',
  }
  const options = [
    { id: 'home', label: '阿根廷胜' },
    { id: 'draw', label: '平局' },
    { id: 'away', label: '法国胜' },
  ]
  const item = (extra: Record<string, unknown> = {}) => ({
    id: 'm1',
    title: '阿根廷 vs 法国',
    kickoffAt: '2026-12-05T20:00:00+08:00',
    lockAt: '2026-12-05T19:30:00+08:00',
    options,
    ...extra,
  })
  const guessPage = (
    campaign: Record<string, unknown>,
    blocks: unknown[] = [{ type: 'markdown', source: '规则' }],
  ) =>
    page(blocks, {
      schedule,
      campaigns: {
        'cup-guess': {
          kind: 'guess',
          title: '世界杯竞猜',
          window: { startAt: '2026-11-24T00:00:00+08:00', endAt: '2027-01-31T23:59:59+08:00' },
          items: [
            item(),
            item({
              id: 'm2',
              title: '巴西 vs 德国',
              kickoffAt: '2026-12-06T03:00:00+08:00',
              lockAt: '2026-12-06T02:30:00+08:00',
            }),
          ],
          correctReward: { kind: 'points', amount: 20 },
          ...campaign,
        },
      },
    })
  const cases: [string, Record<string, unknown>, string][] = [
    ['a guess without items', { items: undefined }, '/campaigns/cup-guess  竞猜活动须写明「竞猜项」'],
    [
      'a guess without its reward',
      { correctReward: undefined },
      '/campaigns/cup-guess  竞猜活动须写明「猜中奖励」',
    ],
    [
      'a guess with prizes',
      { prizes: [{ id: 'p1', name: '积分', weight: 1, reward: { kind: 'points', amount: 1 } }] },
      '/campaigns/cup-guess/prizes  竞猜活动不用「奖品」（奖励写在「猜中奖励」）',
    ],
    [
      'a duplicate item id',
      { items: [item(), item({ title: '阿根廷 vs 法国（重赛）' })] },
      '/campaigns/cup-guess/items/1/id  竞猜项编号「m1」重复（第 1 项已使用）',
    ],
    [
      'a duplicate option id',
      { items: [item({ options: [...options, { id: 'home', label: '阿根廷大胜' }] })] },
      '/campaigns/cup-guess/items/0/options/3/id  “阿根廷 vs 法国”的选项编号「home」重复',
    ],
    [
      'a duplicate option label',
      { items: [item({ options: [...options, { id: 'other', label: '平局' }] })] },
      '/campaigns/cup-guess/items/0/options/3/label  “阿根廷 vs 法国”的选项“平局”重复',
    ],
    [
      'a lock after the window',
      { items: [item({ lockAt: '2027-02-01T19:30:00+08:00', kickoffAt: undefined })] },
      '/campaigns/cup-guess/items/0/lockAt  “阿根廷 vs 法国”的截止时间须在活动的参与时间之内',
    ],
    [
      'a lock before the window',
      { items: [item({ lockAt: '2026-11-20T19:30:00+08:00', kickoffAt: undefined })] },
      '/campaigns/cup-guess/items/0/lockAt  “阿根廷 vs 法国”的截止时间须在活动的参与时间之内',
    ],
    [
      'a lock after the kick-off',
      { items: [item({ lockAt: '2026-12-05T20:30:00+08:00' })] },
      '/campaigns/cup-guess/items/0/lockAt  “阿根廷 vs 法国”的截止时间不能晚于开赛时间',
    ],
    [
      'a lock not in Beijing time',
      { items: [item({ lockAt: '2026-12-05T11:30:00Z' })] },
      '/campaigns/cup-guess/items/0/lockAt  「截止竞猜时间」须以 +08:00 结尾（北京时间）',
    ],
    [
      'one option only',
      { items: [item({ options: [options[0]] })] },
      '/campaigns/cup-guess/items/0/options  「选项」至少需要 2 项',
    ],
    [
      'a coupon as the reward',
      { correctReward: { kind: 'coupon', benefit: '停车券', validDays: 30 } },
      '/campaigns/cup-guess/correctReward/kind  猜中奖励须为积分或金豆',
    ],
  ]

  it.each(cases)('refuses %s, at the pointer, in Chinese', (_name, change, expected) => {
    const lines = check(guessPage(change))
    expect(
      lines.some((l) => l.includes(expected)),
      lines.join('\n'),
    ).toBe(true)
  })

  it('accepts a guess with its items and reward, and no prizes or limits', () => {
    expect(check(guessPage({}))).toEqual([])
  })

  it('still asks a lottery for its prizes and limits, and refuses guess fields on it', () => {
    const lottery = page([{ type: 'markdown', source: '规则' }], {
      schedule,
      campaigns: {
        draw: {
          kind: 'lottery',
          title: '抽奖',
          window: { startAt: '2026-11-24T00:00:00+08:00', endAt: '2027-01-31T23:59:59+08:00' },
          items: [item()],
        },
      },
    })
    const lines = check(lottery)
    for (const expected of [
      '/campaigns/draw  抽奖活动须写明「奖品」',
      '/campaigns/draw  抽奖活动须写明「每人次数」',
      '/campaigns/draw/items  抽奖活动不用「条目」（仅竞猜使用）',
    ])
      expect(
        lines.some((l) => l.includes(expected)),
        lines.join('\n'),
      ).toBe(true)
  })
})
