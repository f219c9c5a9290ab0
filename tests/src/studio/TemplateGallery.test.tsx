import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { EDITOR, findDialog, renderStudio, stubStudioApi, studioError } from './studioHarness'
import { detail } from './fixtures'

const folders = [
  {
    file: 'manualactivity/trialFee/lottery.json',
    route: '/manualactivity/trialFee/lottery',
    title: '试算有礼',
    cover: '/trialfee/hero.svg',
    blockCount: 6,
    blockTypes: ['hero', 'title', 'lottery', 'notice-bar', 'notice-bar', 'button'],
    campaignKinds: ['form', 'lottery'],
  },
  {
    file: 'newgift.json',
    route: '/newgift',
    title: '新人礼包',
    blockCount: 8,
    blockTypes: ['title', 'coupon', 'product-list'],
    campaignKinds: ['coupon'],
  },
]

async function openDialog(answers: Parameters<typeof stubStudioApi>[0] = {}) {
  const api = stubStudioApi({
    'GET /api/studio/pages': { pages: [], folders },
    'POST /api/studio/pages': (call) => detail({ id: (call.body as { id: string }).id, title: '冬季场' }),
    'GET /api/studio/pages/:id': detail({ id: 'winter', title: '冬季场' }),
    ...answers,
  })
  renderStudio('/', EDITOR)
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name: /新建页面/ }))
  const dialog = await findDialog('新建页面')
  return { api, user, dialog }
}

describe('新建页面 template gallery', () => {
  it('shows each template as a card with its thumbnail, title, block count and campaign kinds', async () => {
    const { dialog } = await openDialog()
    const gallery = within(dialog).getByRole('listbox', { name: '搜索结果' })
    const trial = within(gallery).getByRole('option', { name: /试算有礼/ })
    expect(trial).toHaveTextContent('6 个区块')
    expect(trial).toHaveTextContent('表单登记 · 抽奖')
    expect(trial.querySelector('img')).toHaveAttribute('src', '/trialfee/hero.svg')
    expect(trial.querySelector('img')).toHaveAttribute('loading', 'lazy')
    // Without an image the thumbnail is a coloured header with the title, then a glyph per block.
    const gift = within(gallery).getByRole('option', { name: /新人礼包/ })
    expect(gift).toHaveTextContent('8 个区块')
    expect(gift).toHaveTextContent('领券')
    expect(gift.querySelector('.tpl-thumb__header')).toHaveTextContent('新人礼包')
    expect(gift.querySelectorAll('.tpl-glyph')).toHaveLength(3)
    expect(within(gallery).getByRole('option', { name: /空白页面/, selected: true })).toBeInTheDocument()
  })

  it('creates the page from the card clicked', async () => {
    const { api, user, dialog } = await openDialog()
    await user.type(within(dialog).getByLabelText('页面 ID'), 'winter')
    await user.type(within(dialog).getByLabelText('页面标题'), '冬季场')
    await user.click(within(dialog).getByRole('option', { name: /新人礼包/ }))
    expect(within(dialog).getByRole('option', { name: /新人礼包/ })).toHaveAttribute('aria-selected', 'true')
    await user.click(within(dialog).getByRole('button', { name: '创建' }))
    // The page opens after (PagesPage.test.tsx); here: what was created from the card.
    await waitFor(() => expect(api.callsTo('POST', '/api/studio/pages')).toHaveLength(1))
    expect(api.callsTo('POST', '/api/studio/pages')[0].body).toEqual({
      id: 'winter',
      title: '冬季场',
      template: 'newgift.json',
    })
  })

  it('searches by name or campaign kind, and picks by typing then Enter in 模板', async () => {
    const { user, dialog } = await openDialog()
    const gallery = within(dialog).getByRole('listbox', { name: '搜索结果' })
    await user.type(within(dialog).getByRole('combobox', { name: '模板' }), '领券')
    expect(
      within(gallery)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([expect.stringContaining('新人礼包')])
    await user.clear(within(dialog).getByRole('combobox', { name: '模板' }))
    await user.type(within(dialog).getByRole('combobox', { name: '模板' }), '没有这种')
    expect(within(dialog).getByText('没有符合「没有这种」的模板')).toBeInTheDocument()
    await user.clear(within(dialog).getByRole('combobox', { name: '模板' }))
    // Keyboard users: type in 模板, Enter — as with the select it replaced; ↑↓ move among the cards.
    await user.type(within(dialog).getByRole('combobox', { name: '模板' }), '礼{ArrowDown}{Enter}')
    expect(within(gallery).getByRole('option', { name: /新人礼包/ })).toHaveAttribute('aria-selected', 'true')
    await user.clear(within(dialog).getByRole('combobox', { name: '模板' }))
    await user.type(within(dialog).getByRole('combobox', { name: '模板' }), '试算有礼{Enter}')
    expect(within(gallery).getByRole('option', { name: /试算有礼/ })).toHaveAttribute('aria-selected', 'true')
    expect(within(gallery).getAllByRole('option')).toHaveLength(1)
  })

  it('says so when the templates fail to load, and loads them again on 重试', async () => {
    let fail = true
    await openDialog({
      'GET /api/studio/pages': () =>
        fail ? studioError(503, 'UNAVAILABLE', '服务暂时不可用') : { pages: [], folders },
    })
    const dialog = await findDialog('新建页面')
    expect(await within(dialog).findByText('模板加载失败：服务暂时不可用')).toBeInTheDocument()
    fail = false
    await userEvent.click(within(dialog).getByRole('button', { name: '重试' }))
    expect(await within(dialog).findByRole('option', { name: /试算有礼/ })).toBeInTheDocument()
  })
})
