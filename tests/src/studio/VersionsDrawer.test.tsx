import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { config, detail } from './fixtures'
import { PUBLISHER, renderStudio, stubStudioApi, findDialog } from './studioHarness'

const PAGE = '/api/studio/pages/spring-sale'
const versions = {
  versions: [
    {
      version: 2,
      createdAt: '2026-11-24T02:00:00Z',
      createdBy: '发布负责人',
      publications: [
        {
          publishAt: '2026-11-24T02:00:00Z',
          by: '发布负责人',
          kind: 'publish',
          state: 'done',
          endedAt: null,
          endedBy: null,
        },
      ],
    },
    {
      version: 1,
      createdAt: '2026-11-20T02:00:00Z',
      createdBy: '发布负责人',
      publications: [
        {
          publishAt: '2026-11-21T00:00:00Z',
          by: '发布负责人',
          kind: 'schedule',
          state: 'done',
          endedAt: null,
          endedBy: null,
        },
        {
          publishAt: '2026-11-30T00:00:00Z',
          by: '运营编辑',
          kind: 'publish',
          state: 'superseded',
          endedAt: '2026-11-24T02:00:00Z',
          endedBy: '发布负责人',
        },
      ],
    },
  ],
}
const v1 = config('春季保障节')
const v2 = {
  ...config('春季保障节'),
  blocks: [
    { type: 'hero', id: 'top', title: '春季保障节 · 第二波', subtitle: '全场保障' },
    { type: 'markdown', content: '活动规则' },
  ],
}

describe('studio versions', () => {
  it('lists the versions with their publications and shows a changed block between two of them', async () => {
    stubStudioApi({
      [`GET ${PAGE}`]: detail({ status: 'live', liveVersion: 2 }),
      [`GET ${PAGE}/versions`]: versions,
      [`GET ${PAGE}/versions/1`]: { version: 1, config: v1 },
      [`GET ${PAGE}/versions/2`]: { version: 2, config: v2 },
    })
    renderStudio('/pages/spring-sale', PUBLISHER)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: /版本/ }))
    const drawer = await findDialog('版本')
    expect(await within(drawer).findByText('定时发布 · 2026-11-21 08:00 · 发布负责人')).toBeInTheDocument()
    expect(within(drawer).getByText('线上')).toBeInTheDocument()
    // A superseded schedule stays in the history, saying who superseded it and when.
    expect(
      within(drawer).getByText(
        '发布 · 2026-11-30 08:00 · 运营编辑 · 已被取代（发布负责人 2026-11-24 10:00 的发布）',
      ),
    ).toBeInTheDocument()
    await user.click(within(drawer).getByRole('checkbox', { name: '对比 v1' }))
    await user.click(within(drawer).getByRole('checkbox', { name: '对比 v2' }))
    const diff = await within(drawer).findByTestId('version-diff')
    expect(diff).toHaveTextContent('v1 → v2：1 个区块有变化')
    const block = within(diff).getByRole('region', { name: '区块 top 修改' })
    // The block by its Chinese name and title, the field by its form label; the old value struck, the new one green.
    expect(within(block).getByText('头图「春季保障节 · 第二波」')).toBeInTheDocument()
    expect(within(block).getByText('叠加在图上的标题')).toBeInTheDocument()
    expect(within(block).queryByText('/title')).toBeNull()
    expect(within(block).getByText('春季保障节').closest('del')).not.toBeNull()
    expect(
      within(block).getByText('春季保障节 · 第二波', {
        selector: '.studio-diff-after, .studio-diff-after *',
      }),
    ).toHaveClass(/ant-typography-success|studio-diff-after/)
  })

  it('a publisher rolls back to an older version after confirming', async () => {
    const api = stubStudioApi({
      [`GET ${PAGE}`]: detail({ status: 'live', liveVersion: 2 }),
      [`GET ${PAGE}/versions`]: versions,
      [`POST ${PAGE}/rollback`]: { version: 1, publishAt: '2026-11-25T03:00:00Z' },
    })
    renderStudio('/pages/spring-sale', PUBLISHER)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: /版本/ }))
    const drawer = await findDialog('版本')
    const buttons = await within(drawer).findAllByRole('button', { name: '回滚到此版本' })
    await user.click(buttons[1])
    const confirm = await findDialog('回滚到 v1？')
    await user.click(within(confirm).getByRole('button', { name: '回滚' }))
    await waitFor(() => expect(api.callsTo('POST', `${PAGE}/rollback`)).toHaveLength(1))
    expect(api.callsTo('POST', `${PAGE}/rollback`)[0].body).toEqual({ version: 1 })
    expect(await screen.findByText('已回滚，线上为 v1')).toBeInTheDocument()
  })
})
