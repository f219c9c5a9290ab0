import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { EDITOR, renderStudio, stubStudioApi, studioError, findDialog } from './studioHarness'
import { detail, summary } from './fixtures'

const folders = [
  {
    file: 'newgift.json',
    route: '/newgift',
    title: '新人礼包',
    blockCount: 3,
    blockTypes: [],
    campaignKinds: [],
  },
  {
    file: 'activity/worldcup.json',
    route: '/activity/worldcup',
    title: '世界杯竞猜',
    blockCount: 5,
    blockTypes: [],
    campaignKinds: ['guess'],
  },
]
const pages = [
  summary({ id: 'spring-sale', title: '春季保障节', status: 'draft' }),
  summary({
    id: 'new-year',
    title: '新年福袋',
    status: 'upcoming',
    scheduledAt: '2026-12-31T16:00:00Z',
    liveVersion: null,
  }),
  summary({
    id: 'double-12',
    title: '双十二保障节',
    status: 'live',
    liveVersion: 4,
    updatedBy: '发布负责人',
  }),
  summary({ id: 'autumn', title: '秋日出行', status: 'ended', liveVersion: 2 }),
  summary({ id: 'old-promo', title: '旧促销', status: 'offline', liveVersion: 1 }),
]

describe('studio pages list', () => {
  it('lists pages with their status by the server, who saved them last and when (Beijing time)', async () => {
    stubStudioApi({ 'GET /api/studio/pages': { pages, folders } })
    renderStudio('/', EDITOR)
    const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr') as HTMLElement
    expect(within(await rowOf('春季保障节')).getByTestId('page-status')).toHaveTextContent('草稿')
    expect(within(await rowOf('新年福袋')).getByTestId('page-status')).toHaveTextContent('未开始')
    expect(within(await rowOf('新年福袋')).getByText('2027-01-01 00:00')).toBeInTheDocument()
    expect(within(await rowOf('双十二保障节')).getByTestId('page-status')).toHaveTextContent('进行中')
    expect(within(await rowOf('双十二保障节')).getByText('v4')).toBeInTheDocument()
    expect(within(await rowOf('双十二保障节')).getByText('发布负责人 · 2026-11-25 10:30')).toBeInTheDocument()
    expect(within(await rowOf('秋日出行')).getByTestId('page-status')).toHaveTextContent('已结束')
    expect(within(await rowOf('旧促销')).getByTestId('page-status')).toHaveTextContent('已下线')
  })

  it('searches on the server as the user types', async () => {
    const api = stubStudioApi({
      'GET /api/studio/pages': (call) => ({
        pages: pages.filter((p) => p.title.includes(call.query.get('q') ?? '')),
        folders,
      }),
    })
    renderStudio('/', EDITOR)
    await screen.findByText('旧促销')
    await userEvent.type(screen.getByRole('searchbox', { name: '搜索页面' }), '新年')
    await waitFor(() => expect(screen.queryByText('旧促销')).not.toBeInTheDocument())
    expect(screen.getByText('新年福袋')).toBeInTheDocument()
    expect(api.calls.some((c) => c.query.get('q') === '新年')).toBe(true)
  })

  it('says so when nothing matches, and when the list fails to load', async () => {
    stubStudioApi({ 'GET /api/studio/pages': studioError(503, 'UNAVAILABLE', '服务暂时不可用') })
    renderStudio('/', EDITOR)
    expect(await screen.findByText('页面列表加载失败：服务暂时不可用')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument()
  })

  it('creates a page from a folder config template and opens it', async () => {
    const api = stubStudioApi({
      'GET /api/studio/pages': { pages, folders },
      'POST /api/studio/pages': (call) => detail({ id: (call.body as { id: string }).id, title: '元旦活动' }),
      'GET /api/studio/pages/:id': detail({ id: 'new-day', title: '元旦活动' }),
    })
    const { router } = renderStudio('/', EDITOR)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: /新建页面/ }))
    const dialog = await findDialog('新建页面')
    await user.type(within(dialog).getByLabelText('页面 ID'), 'new-day')
    await user.type(within(dialog).getByLabelText('页面标题'), '元旦活动')
    await user.click(await within(dialog).findByRole('option', { name: /新人礼包/ }))
    await user.click(within(dialog).getByRole('button', { name: '创建' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/new-day'))
    expect(api.callsTo('POST', '/api/studio/pages')[0].body).toEqual({
      id: 'new-day',
      title: '元旦活动',
      template: 'newgift.json',
    })
  })

  it('says at the id field when the id is taken', async () => {
    stubStudioApi({
      'GET /api/studio/pages': { pages, folders },
      'POST /api/studio/pages': studioError(409, 'PAGE_ID_TAKEN', '页面 ID spring-sale 已被占用'),
    })
    renderStudio('/', EDITOR)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: /新建页面/ }))
    const dialog = await findDialog('新建页面')
    await user.type(within(dialog).getByLabelText('页面 ID'), 'Bad id')
    await user.type(within(dialog).getByLabelText('页面标题'), '春季')
    await user.click(within(dialog).getByRole('button', { name: '创建' }))
    expect(await within(dialog).findByText('小写字母开头，2–40 个字母、数字或 -')).toBeInTheDocument()
    await user.clear(within(dialog).getByLabelText('页面 ID'))
    await user.type(within(dialog).getByLabelText('页面 ID'), 'spring-sale')
    await user.click(within(dialog).getByRole('button', { name: '创建' }))
    expect(await within(dialog).findByText('页面 ID spring-sale 已被占用')).toBeInTheDocument()
  })

  it('lists the folder configs read-only with 查看 and 复制为新页面 (template preset)', async () => {
    stubStudioApi({ 'GET /api/studio/pages': { pages, folders } })
    const { router } = renderStudio('/', EDITOR)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('tab', { name: /文件配置/ }))
    const row = (await screen.findByText('世界杯竞猜')).closest('tr') as HTMLElement
    expect(within(row).getByText('/activity/worldcup')).toBeInTheDocument()
    await user.click(within(row).getByRole('button', { name: '复制为新页面' }))
    const dialog = await findDialog('新建页面')
    expect(within(dialog).getByLabelText('页面标题')).toHaveValue('世界杯竞猜')
    expect(
      await within(dialog).findByRole('option', { name: /世界杯竞猜/, selected: true }),
    ).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: '取消' }))
    await user.click(within(row).getByRole('button', { name: '查看' }))
    await waitFor(() => expect(router.state.location.search).toBe('?file=activity%2Fworldcup.json'))
  })
})
