import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { App as AntApp } from 'antd'
import { createRef } from 'react'
import { SWRConfig } from 'swr'
import { describe, expect, it, vi } from 'vitest'
import { BlockCollabTools } from '../../../../src/studio/editor/collab/BlockCollabTools'
import type { PageConfig } from '../../../../src/studio/editor/types'
import { config } from '../fixtures'
import { readInlineStyles, studioError, stubStudioApi } from '../studioHarness'

// 我的组合: a saved section is renamed in place; the server's Chinese refusal (empty, too long, taken) shows
// under the name, and the list shows the new name.

const section = (name: string) => ({
  id: 'sec-1',
  name,
  blocks: [{ type: 'title', text: '抽奖' }],
  campaigns: {},
  createdBy: '运营编辑',
  createdAt: '2026-11-25T02:30:00Z',
})

function renderTools() {
  readInlineStyles()
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AntApp>
        <BlockCollabTools
          pageId="spring-sale"
          getConfig={() => config() as PageConfig}
          empty={false}
          selection={null}
          readOnly={false}
          root={createRef<HTMLElement>()}
          apply={vi.fn()}
          onInserted={vi.fn()}
        />
      </AntApp>
    </SWRConfig>,
  )
}

describe('我的组合', () => {
  it('renames a section, showing the server’s refusal of a taken name under the field', async () => {
    let name = '旧名称'
    const api = stubStudioApi({
      'GET /api/studio/sections': () => ({ sections: [section(name)] }),
      'PATCH /api/studio/sections/:id': (call) => {
        const wanted = (call.body as { name: string }).name
        if (wanted === '已有组合')
          return studioError(409, 'SECTION_NAME_TAKEN', '已有名为「已有组合」的组合，请换一个名称', [
            { field: 'name', message: '名称已被使用' },
          ])
        name = wanted
        return section(name)
      },
    })
    renderTools()
    await userEvent.click(screen.getByRole('button', { name: /区块组合/ }))
    await userEvent.click(await screen.findByText('我的组合'))
    const dialog = await screen.findByRole('dialog', { name: '我的组合' })
    await userEvent.click(await within(dialog).findByRole('button', { name: '重命名组合 旧名称' }))
    const field = await screen.findByRole('textbox', { name: '新的组合名称' })
    expect(field).toHaveValue('旧名称')
    await userEvent.clear(field)
    await userEvent.type(field, '已有组合')
    await userEvent.click(screen.getByRole('button', { name: '保存名称' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('已有名为「已有组合」的组合，请换一个名称')
    await userEvent.clear(field)
    await userEvent.type(field, '双十二抽奖区{Enter}')
    await waitFor(() => expect(within(dialog).getByText('双十二抽奖区')).toBeInTheDocument())
    expect(within(dialog).queryByText('旧名称')).not.toBeInTheDocument()
    expect(api.callsTo('PATCH', '/api/studio/sections/sec-1').map((c) => c.body)).toEqual([
      { name: '已有组合' },
      { name: '双十二抽奖区' },
    ])
  })
})
