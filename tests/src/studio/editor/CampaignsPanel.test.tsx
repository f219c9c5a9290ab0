import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { PageConfig, StudioConfigError } from '../../../../src/studio/editor/types'
import { cupPrize, lotteryCampaign, pointsPrize, thanksPrize } from '../../../fixtures/lottery'
import { WorkspaceHarness } from './workspaceHarness'

const schedule = {
  startAt: '2027-01-20T10:00:00+08:00',
  endAt: '2027-02-20T10:00:00+08:00',
  fallback: '/',
}
const draw = lotteryCampaign({
  title: '新春抽奖',
  window: { startAt: schedule.startAt, endAt: schedule.endAt },
  prizes: [
    cupPrize({ id: 'p-cup', stock: 50 }),
    pointsPrize(50, { id: 'p-points' }),
    thanksPrize({ id: 'p-none' }),
  ],
})
const base = {
  schemaVersion: 3,
  title: '新春活动',
  schedule,
  campaigns: { 'spring-draw': draw },
  blocks: [
    { type: 'title', id: 'heading', text: '新春保障节' },
    { type: 'lottery', id: 'wheel', campaign: 'spring-draw' },
  ],
} as unknown as PageConfig

const Harness = (
  props: Omit<Parameters<typeof WorkspaceHarness>[0], 'initial'> & { initial?: PageConfig },
) => <WorkspaceHarness initial={base} {...props} />

const lastConfig = (spy: ReturnType<typeof vi.fn>) => spy.mock.calls.at(-1)![0] as PageConfig
const campaignsOf = (config: PageConfig) =>
  (config as unknown as { campaigns: Record<string, never> }).campaigns
// The panel loads when the tab is first shown (a lazy chunk): wait for it.
const openTab = async () => {
  fireEvent.click(await screen.findByRole('tab', { name: /^活动/ }))
  await screen.findByRole('button', { name: /新建活动/ })
}
const chances = () => screen.getAllByTestId('prize-probability').map((el) => el.textContent)

// Each test drives a whole workspace in jsdom; on a busy machine that can take longer than the default 20 s.
describe('the 活动 tab', { timeout: 60_000 }, () => {
  it('新建活动 抽奖 declares a valid lottery: generated id, the page window, a draw a day and 3 in all, three prizes', async () => {
    const onChange = vi.fn()
    render(<Harness initial={{ ...base, campaigns: undefined } as PageConfig} onChange={onChange} />)
    await openTab()
    expect(screen.getByText(/本页还没有活动/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /新建活动/ }))
    fireEvent.click(await screen.findByRole('menuitem', { name: '抽奖' }))

    const campaigns = campaignsOf(lastConfig(onChange))
    const [id] = Object.keys(campaigns)
    expect(id).toMatch(/^lottery-[a-z0-9]{6}$/)
    const made = campaigns[id] as Record<string, unknown>
    expect(made).toMatchObject({
      kind: 'lottery',
      title: '抽奖活动',
      window: { startAt: schedule.startAt, endAt: schedule.endAt },
      // What a mall launches with: 每人每天 1 次, 活动期间共 3 次 (not one draw in all).
      limits: { perUserPerDay: 1, perUserTotal: 3 },
    })
    const prizes = made.prizes as { name: string; id: string; reward: { kind: string } }[]
    expect(prizes).toHaveLength(3)
    expect(prizes.map((p) => p.name)).toContain('谢谢参与')
    for (const p of prizes) expect(p.id).toMatch(/^[a-z0-9][a-z0-9-]{1,39}$/)
    // Listed with its kind in Chinese, and its form is open with the prize table.
    const list = screen.getByRole('list', { name: '活动列表' })
    expect(within(list).getByText('抽奖活动')).toBeTruthy()
    expect(within(list).getByText('抽奖')).toBeTruthy()
    expect(screen.getByRole('table')).toBeTruthy()
    expect(chances()).toEqual(['30%', '10%', '60%'])
  })

  it('a prize weight edit changes the probabilities shown; 0 weight is 0%', async () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    await openTab()
    expect(chances()).toEqual(['10%', '30%', '60%'])
    const weight = screen.getByLabelText('第 1 个奖品的权重')
    await userEvent.clear(weight)
    await userEvent.type(weight, '110')
    await waitFor(() => expect(chances()).toEqual(['55%', '15%', '30%']))
    await userEvent.clear(weight)
    await userEvent.type(weight, '0')
    await waitFor(() => expect(chances()).toEqual(['0%', '33.3%', '66.7%']))
    const prizes = (campaignsOf(lastConfig(onChange))['spring-draw'] as { prizes: { weight: number }[] })
      .prizes
    expect(prizes.map((p) => p.weight)).toEqual([0, 30, 60])
  })

  it('an error at /campaigns/x/prizes/1/stock shows at that cell, is counted on the tab, and the list opens it', async () => {
    const errors: StudioConfigError[] = [
      {
        pointer: '/campaigns/spring-draw/prizes/1/stock',
        message: '奖品“50 积分”的库存不能小于 0',
        line: 1,
        column: 1,
      },
    ]
    render(<Harness errors={errors} />)
    expect(await screen.findByRole('tab', { name: '活动（1 个错误）' })).toBeTruthy()
    // The error list names the campaign; a click opens the 活动 tab at the stock cell of the second prize.
    fireEvent.click(screen.getByRole('tab', { name: /^错误/ }))
    const item = within(screen.getByRole('list', { name: '错误列表' })).getByRole('button')
    expect(item.textContent).toContain('活动 新春抽奖')
    fireEvent.click(item)
    const stock = await screen.findByLabelText('第 2 个奖品的库存')
    await waitFor(() => expect(document.activeElement).toBe(stock))
    const cell = stock.closest('[data-campaign-pointer]')!
    expect(cell.getAttribute('data-campaign-pointer')).toBe('/campaigns/spring-draw/prizes/1/stock')
    expect(within(cell as HTMLElement).getByRole('alert').textContent).toBe('奖品“50 积分”的库存不能小于 0')
    expect(stock.closest('.ant-input-number-status-error')).toBeTruthy()
    // Only that cell is marked.
    expect(screen.getAllByRole('alert')).toHaveLength(1)
  })

  it('undo reverts a prize edit, redo brings it back', async () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    await openTab()
    const name = screen.getByLabelText('第 1 个奖品的名称')
    await userEvent.type(name, '大')
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('保温杯大'))
    fireEvent.click(screen.getByRole('button', { name: /撤销/ }))
    await waitFor(() =>
      expect((screen.getByLabelText('第 1 个奖品的名称') as HTMLInputElement).value).toBe('保温杯'),
    )
    expect(lastConfig(onChange)).toEqual(base)
    fireEvent.click(screen.getByRole('button', { name: /重做/ }))
    await waitFor(() =>
      expect((screen.getByLabelText('第 1 个奖品的名称') as HTMLInputElement).value).toBe('保温杯大'),
    )
  })

  it('adds, reorders and removes prizes, each with a generated id', async () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    await openTab()
    const prizesNow = () =>
      (campaignsOf(lastConfig(onChange))['spring-draw'] as { prizes: { id: string; name: string }[] }).prizes
    fireEvent.click(screen.getByRole('button', { name: /添加奖品/ }))
    expect(prizesNow()).toHaveLength(4)
    expect(prizesNow()[3].id).toMatch(/^prize-[a-z0-9]{6}$/)
    await waitFor(() => expect(chances()).toHaveLength(4))
    fireEvent.click(screen.getByLabelText('上移第 2 个奖品'))
    expect(prizesNow().map((p) => p.name)).toEqual(['50 积分', '保温杯', '谢谢参与', '新奖品'])
    await waitFor(() => expect(chances()[0]).toBe('29.7%'))
    fireEvent.click(screen.getByLabelText('删除第 4 个奖品'))
    await waitFor(() => expect(chances()).toHaveLength(3))
    expect(prizesNow().map((p) => p.name)).toEqual(['50 积分', '保温杯', '谢谢参与'])
  })

  it('deleting a campaign a block uses names the block first', async () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    await openTab()
    fireEvent.click(screen.getByLabelText('删除活动 新春抽奖'))
    expect(await screen.findByText(/区块 wheel 使用此活动/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '删 除' }))
    expect(campaignsOf(lastConfig(onChange))).toBeUndefined()
    expect(await screen.findByText(/本页还没有活动/)).toBeTruthy()
  })

  it("a lottery block's campaign is a picker of the page's lottery campaigns, with 新建活动", async () => {
    const onChange = vi.fn()
    const withForm = {
      ...base,
      campaigns: {
        ...base.campaigns,
        'spring-form': { kind: 'form', title: '登记', window: draw.window, limits: { perUserTotal: 1 } },
      },
    } as unknown as PageConfig
    render(<Harness initial={withForm} onChange={onChange} />)
    const wheel = screen.getAllByRole('treeitem').find((r) => r.textContent?.includes('wheel'))!
    fireEvent.click(wheel)
    const picker = await screen.findByLabelText(/抽奖活动编号/, {}, { timeout: 15_000 })
    fireEvent.mouseDown(picker)
    const options = await screen.findAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual(['spring-draw'])
    fireEvent.click(screen.getByRole('button', { name: /新建活动/ }))
    const config = lastConfig(onChange)
    const ids = Object.keys(campaignsOf(config))
    expect(ids).toHaveLength(3)
    const created = ids.find((id) => id.startsWith('lottery-'))!
    expect((config.blocks[1] as { campaign: string }).campaign).toBe(created)
  })
})
