import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './helpers'
import { as, staffLogin } from './studioHelpers'

// What the studio's validate route catches before publishing that the config's own texts do not show: the
// catalog products a product list shows (their own names and taglines, linted like the page's texts, naming the
// product), and texts that only look filled (spaces) or Markdown tables that will not render.

let t: TestApp
let editor: string

beforeAll(async () => {
  t = await createTestApp()
  editor = await staffLogin(t.app, 'editor')
}, 120_000)
afterAll(async () => {
  await t?.close()
})

type Finding = { pointer: string; message: string; line: number; column: number }
const validate = async (config: unknown) => {
  const res = await as(t.app, editor, 'POST', '/api/studio/validate', config)
  expect(res.statusCode).toBe(200)
  return res.json<{ errors: Finding[] }>().errors
}
const page = (blocks: unknown[], extra: Record<string, unknown> = {}) => ({
  schemaVersion: 3,
  title: '新人礼',
  ...extra,
  blocks,
})

describe('the studio validate route lints what a page shows', () => {
  it('a product list showing a catalog product whose own tagline breaks a rule: at its data source, naming the product', async () => {
    // The demo catalog says nothing banned (its own test below); a product as it once read comes back here.
    await t.db.db
      .updateTable('products')
      .set({ name: '青松新人1元意外险', tagline: '新用户专享，1元保30天' })
      .where('id', '=', 'p-accident-newcomer')
      .execute()
    const config = page(
      [
        { type: 'title', text: '新人专享' },
        { type: 'product-list', from: 'products', title: '新人好物' },
      ],
      {
        dataSources: { products: { get: '/api/products', query: { tag: '新人专享', limit: 6 } } },
      },
    )
    const errors = await validate(config)
    const shown = errors.filter((e) => e.message.includes('青松新人1元意外险'))
    expect(shown.map((e) => e.pointer)).toEqual(['/blocks/1/from', '/blocks/1/from'])
    expect(shown.map((e) => e.message)).toEqual([
      expect.stringMatching(
        /^第 2 个区块（产品列表「新人好物」）：产品「青松新人1元意外险」的名称：合规：含“1元意外险”——.*规则 token-premium/,
      ),
      expect.stringMatching(
        /^第 2 个区块（产品列表「新人好物」）：产品「青松新人1元意外险」的介绍：合规：含“1元保30天”——.*规则 token-premium/,
      ),
    ])
    expect(shown[0].line).toBeGreaterThan(1)
  })

  it('the demo catalog says nothing banned: a list of all its products is no error', async () => {
    await t.db.db
      .updateTable('products')
      .set({ name: '青松新人意外险', tagline: '新用户专享，保障30天，意外身故伤残10万' })
      .where('id', '=', 'p-accident-newcomer')
      .execute()
    const config = page([{ type: 'product-list', from: 'products' }], {
      dataSources: { products: { get: '/api/products', query: { limit: 50 } } },
    })
    expect((await validate(config)).filter((e) => e.message.includes('产品「'))).toEqual([])
  })

  it('a title of spaces and a broken markdown table', async () => {
    const errors = await validate(
      page([
        { type: 'title', text: ' \u3000 ' },
        { type: 'markdown', source: '| 保障 | 保额 |\n| --- |\n| 意外 | 10万 |' },
      ]),
    )
    expect(errors.map((e) => `${e.pointer}  ${e.message}`)).toEqual([
      '/blocks/0/text  第 1 个区块（标题）：「标题文字」只有空格，请填写文字',
      '/blocks/1/source  第 2 个区块（图文说明）：表格（第 1 行）表头有 2 列，分隔行却有 1 列：表格显示不出来',
    ])
  })
})
