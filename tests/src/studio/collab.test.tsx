import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PageConfig } from '../../../src/studio/api/types'
import { config, detail } from './fixtures'
import { EDITOR, renderStudio, stubStudioApi, studioError, findDialog } from './studioHarness'

// Two people on one page: who else has it open, and 保留我的修改 merging both people's changes (a three-way
// merge of the revision loaded, the draft saved meanwhile and the working copy), a conflict chosen per block.
vi.mock('../../../src/studio/editor/EditorWorkspace', () => import('./workspaceDouble'))

const PAGE = '/api/studio/pages/spring-sale'
const json = () => screen.getByLabelText('页面 spring-sale 的 JSON 配置')
const edit = (next: PageConfig) =>
  fireEvent.change(json(), { target: { value: JSON.stringify(next, null, 2) } })
const shown = () => JSON.parse((json() as HTMLTextAreaElement).value) as PageConfig

afterEach(() => localStorage.clear())

/** The fixture's page with its hero block's subtitle set. */
const withSubtitle = (title: string, subtitle: string) => {
  const c = config(title)
  return { ...c, blocks: [{ ...(c.blocks[0] as object), subtitle }, c.blocks[1]] } as unknown as PageConfig
}

/** A page whose draft another person saves (revision 4, `theirs`) while this editor edits revision 3. */
function savedMeanwhile(theirs: PageConfig, base = config()) {
  let revision = 3
  return stubStudioApi({
    [`GET ${PAGE}`]: () =>
      revision === 3
        ? detail({ draftRevision: 3, config: base })
        : detail({
            draftRevision: 4,
            config: theirs,
            savedBy: '发布负责人',
            savedAt: '2026-11-25T02:42:00Z',
          }),
    'POST /api/studio/validate': { errors: [] },
    [`PUT ${PAGE}/draft`]: (call) => {
      if (call.headers.get('if-match') === '"4"')
        return { revision: 5, savedAt: '2026-11-25T02:50:00Z', savedBy: '运营编辑', errors: 0 }
      revision = 4
      return studioError(409, 'DRAFT_CONFLICT', '草稿已被发布负责人于10:42保存，请刷新后再改', [
        { savedBy: '发布负责人', savedAt: '2026-11-25T02:42:00Z', revision: 4 },
      ])
    },
  })
}

async function keepMine() {
  await userEvent.click(screen.getByRole('button', { name: /保存/ }))
  const conflict = await findDialog('草稿已被他人保存')
  await userEvent.click(within(conflict).getByRole('button', { name: '保留我的修改' }))
  return findDialog('合并双方的修改')
}

describe('保留我的修改', () => {
  it('keeps both people’s changes that do not touch the same block, and saves them on their revision', async () => {
    const api = savedMeanwhile(config('别人改的标题'))
    renderStudio('/pages/spring-sale', EDITOR)
    await screen.findByLabelText('页面 spring-sale 的 JSON 配置')
    edit(withSubtitle('春季保障节', '我改的副标题'))
    const dialog = await keepMine()
    expect(
      await within(dialog).findByText(/自动保留：对方的 1 处修改、你的 1 处修改。没有冲突/),
    ).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: '合并，继续编辑' }))
    await waitFor(() => expect(shown().title).toBe('别人改的标题'))
    expect(shown().blocks[0]).toMatchObject({ subtitle: '我改的副标题' })
    await userEvent.click(screen.getByRole('button', { name: /保存/ }))
    await waitFor(() => expect(api.callsTo('PUT', `${PAGE}/draft`)).toHaveLength(2))
    const second = api.callsTo('PUT', `${PAGE}/draft`)[1]
    expect(second.headers.get('if-match')).toBe('"4"')
    expect(second.body).toMatchObject({ title: '别人改的标题', blocks: [{ subtitle: '我改的副标题' }, {}] })
  })

  it('shows a block both changed side by side and takes the side chosen for it', async () => {
    savedMeanwhile(withSubtitle('春季保障节', '对方的副标题'))
    renderStudio('/pages/spring-sale', EDITOR)
    await screen.findByLabelText('页面 spring-sale 的 JSON 配置')
    edit(withSubtitle('我改的标题', '我的副标题'))
    const dialog = await keepMine()
    const conflict = await within(dialog).findByTestId('merge-conflict')
    expect(conflict).toHaveTextContent('发布负责人的版本')
    expect(conflict).toHaveTextContent('对方的副标题')
    expect(conflict).toHaveTextContent('我的副标题')
    const merge = within(dialog).getByRole('button', { name: '还有 1 处冲突未选择' })
    expect(merge).toBeDisabled()
    await userEvent.click(within(conflict).getByRole('radio', { name: '用发布负责人的' }))
    await userEvent.click(within(dialog).getByRole('button', { name: '合并，继续编辑' }))
    // Theirs for the block both changed; mine for the title only I changed.
    await waitFor(() => expect(shown().blocks[0]).toMatchObject({ subtitle: '对方的副标题' }))
    expect(shown().title).toBe('我改的标题')
  })

  it('names conflicting blocks and fields in Chinese, never by their keys', async () => {
    const page = (title: string, src: string, url: string) =>
      config('春季保障节', {
        blocks: [
          { type: 'title', text: title },
          { type: 'image', src, alt: '活动主图' },
          { type: 'button', text: '立即投保', action: { type: 'navigate', to: url } },
        ],
      } as Partial<PageConfig>)
    const base = page('双十二狂欢', '/media/base.jpg', '/products/base')
    savedMeanwhile(page('对方的标题', '/media/theirs.jpg', '/products/theirs'), base)
    renderStudio('/pages/spring-sale', EDITOR)
    await screen.findByLabelText('页面 spring-sale 的 JSON 配置')
    edit(page('我的标题', '/media/mine.jpg', '/products/mine'))
    const dialog = await keepMine()
    const conflicts = await within(dialog).findAllByTestId('merge-conflict')
    expect(conflicts).toHaveLength(3)
    const [title, image, button] = conflicts
    expect(title).toHaveTextContent('标题「双十二狂欢」')
    expect(title).toHaveTextContent('标题文字：对方的标题')
    expect(image).toHaveTextContent('图片地址：/media/mine.jpg')
    expect(button).toHaveTextContent('按钮「立即投保」')
    expect(button).toHaveTextContent('点击动作 › 页面路径：/products/theirs')
    const words = dialog.textContent ?? ''
    for (const key of ['text', 'src', 'action', 'url', 'type', 'title#0'])
      expect(words).not.toMatch(new RegExp(`(^|[^\\w/.])${key}([^\\w/.]|$)`))
  })
})

describe('presence', () => {
  it('shows who else has the page open in the header', async () => {
    stubStudioApi({
      [`GET ${PAGE}`]: detail(),
      [`POST ${PAGE}/presence`]: {
        others: [{ staffId: 2, displayName: '发布负责人', seenAt: '2026-11-25T02:42:00Z' }],
        expiresInSeconds: 45,
      },
    })
    renderStudio('/pages/spring-sale', EDITOR)
    expect(await screen.findByTestId('presence')).toHaveTextContent('发布负责人 正在编辑')
  })
})
