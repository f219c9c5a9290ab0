import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PageConfig } from '../../../src/studio/api/types'
import { config, detail } from './fixtures'
import { EDITOR, PUBLISHER, renderStudio, stubStudioApi, studioError, findDialog } from './studioHarness'

// The page screen around a simple double of the workspace (the real one is tested in editor/).
vi.mock('../../../src/studio/editor/EditorWorkspace', () => import('./workspaceDouble'))

const PAGE = '/api/studio/pages/spring-sale'
const json = () => screen.getByLabelText('页面 spring-sale 的 JSON 配置')

/** An edit in the workspace double: the whole config replaced. */
const edit = (next: PageConfig) =>
  fireEvent.change(json(), { target: { value: JSON.stringify(next, null, 2) } })

const publishButton = () => screen.getByRole('button', { name: /发布$/ })

afterEach(() => localStorage.clear())

describe('studio page screen', () => {
  it('validates each change on the server after typing pauses and shows the errors and their count', async () => {
    const api = stubStudioApi({
      [`GET ${PAGE}`]: detail(),
      'POST /api/studio/validate': (call) =>
        (call.body as PageConfig).title
          ? { errors: [] }
          : { errors: [{ pointer: '/title', message: '页面标题不能为空', line: 3, column: 12 }] },
    })
    renderStudio('/pages/spring-sale', PUBLISHER)
    await screen.findByLabelText('页面 spring-sale 的 JSON 配置')
    expect(screen.getByTestId('error-count')).toHaveAccessibleName('没有错误')
    edit(config(''))
    expect(await screen.findByText(/页面标题不能为空/)).toBeInTheDocument()
    expect(screen.getByTestId('error-count')).toHaveAccessibleName('1 个错误')
    expect(screen.getByTestId('save-state')).toHaveTextContent('有未保存的修改')
    const validated = api.callsTo('POST', '/api/studio/validate')
    expect(validated).toHaveLength(1)
    expect(validated[0].query.get('id')).toBe('spring-sale')
  })

  it('publishing is refused while an error remains, with the reason', async () => {
    stubStudioApi({
      [`GET ${PAGE}`]: detail({
        errors: [{ pointer: '/blocks/0/title', message: '标题过长', line: 8, column: 5 }],
      }),
    })
    renderStudio('/pages/spring-sale', PUBLISHER)
    await screen.findByText(/标题过长/)
    expect(publishButton()).toBeDisabled()
    expect(publishButton()).toHaveAccessibleDescription('还有 1 个错误，修正后才能发布')
    await userEvent.hover(publishButton().parentElement as HTMLElement)
    expect(await screen.findByRole('tooltip')).toHaveTextContent('还有 1 个错误，修正后才能发布')
  })

  it('an editor cannot publish, roll back or take a page offline', async () => {
    stubStudioApi({
      [`GET ${PAGE}`]: detail({ status: 'live', liveVersion: 2 }),
      [`GET ${PAGE}/versions`]: {
        versions: [
          { version: 2, createdAt: '2026-11-24T02:00:00Z', createdBy: '发布负责人', publications: [] },
        ],
      },
    })
    renderStudio('/pages/spring-sale', EDITOR)
    await screen.findByLabelText('页面 spring-sale 的 JSON 配置')
    expect(publishButton()).toBeDisabled()
    expect(screen.getByRole('button', { name: /下线/ })).toBeDisabled()
    expect(publishButton()).toHaveAccessibleDescription('需要发布员权限')
    await userEvent.hover(publishButton().parentElement as HTMLElement)
    expect(await screen.findByRole('tooltip')).toHaveTextContent('需要发布员权限')
    await userEvent.click(screen.getByRole('button', { name: /版本/ }))
    const rollback = await screen.findByRole('button', { name: '回滚到此版本' })
    expect(rollback).toBeDisabled()
    expect(rollback).toHaveAccessibleDescription('需要发布员权限')
  })

  it('saves with the revision it was based on; a stale save shows who saved meanwhile', async () => {
    const api = stubStudioApi({
      [`GET ${PAGE}`]: detail({ draftRevision: 3 }),
      'POST /api/studio/validate': { errors: [] },
      [`PUT ${PAGE}/draft`]: studioError(
        409,
        'DRAFT_CONFLICT',
        '草稿已被发布负责人于10:42保存，请刷新后再改',
        [{ savedBy: '发布负责人', savedAt: '2026-11-25T02:42:00Z', revision: 4 }],
      ),
    })
    renderStudio('/pages/spring-sale', EDITOR)
    await screen.findByLabelText('页面 spring-sale 的 JSON 配置')
    edit(config('春季保障节（新版）'))
    await userEvent.click(screen.getByRole('button', { name: /保存/ }))
    const dialog = await findDialog('草稿已被他人保存')
    expect(within(dialog).getByTestId('conflict-message')).toHaveTextContent('草稿已被发布负责人于10:42保存')
    expect(within(dialog).getByText(/保存人：发布负责人，时间：2026-11-25 10:42/)).toBeInTheDocument()
    expect(api.callsTo('PUT', `${PAGE}/draft`)[0].headers.get('if-match')).toBe('"3"')
    expect(api.callsTo('PUT', `${PAGE}/draft`)[0].body).toMatchObject({ title: '春季保障节（新版）' })

    // 保留我的修改: the next save overwrites revision 4.
    await userEvent.click(within(dialog).getByRole('button', { name: '保留我的修改' }))
    await userEvent.click(screen.getByRole('button', { name: /保存/ }))
    await waitFor(() => expect(api.callsTo('PUT', `${PAGE}/draft`)).toHaveLength(2))
    expect(api.callsTo('PUT', `${PAGE}/draft`)[1].headers.get('if-match')).toBe('"4"')
  })

  it('刷新 after a conflict loads the draft saved meanwhile and drops the local edit', async () => {
    let revision = 3
    stubStudioApi({
      [`GET ${PAGE}`]: () =>
        detail({ draftRevision: revision, config: config(revision > 3 ? '别人改的标题' : '春季保障节') }),
      'POST /api/studio/validate': { errors: [] },
      [`PUT ${PAGE}/draft`]: () => {
        revision = 4
        return studioError(409, 'DRAFT_CONFLICT', '草稿已被发布负责人于10:42保存，请刷新后再改', [
          { savedBy: '发布负责人', savedAt: '2026-11-25T02:42:00Z', revision: 4 },
        ])
      },
    })
    renderStudio('/pages/spring-sale', EDITOR)
    await screen.findByLabelText('页面 spring-sale 的 JSON 配置')
    edit(config('我改的标题'))
    await userEvent.click(screen.getByRole('button', { name: /保存/ }))
    await userEvent.click(await screen.findByRole('button', { name: '刷新' }))
    await waitFor(() => expect(json()).toHaveValue(JSON.stringify(config('别人改的标题'), null, 2)))
    expect(screen.getByTestId('save-state')).not.toHaveTextContent('有未保存的修改')
    expect(localStorage.getItem('studio:draft:spring-sale')).toBeNull()
  })

  it('a validation still on its way when a save is refused does not wipe the save’s errors', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const api = stubStudioApi({
      [`GET ${PAGE}`]: detail(),
      'POST /api/studio/validate': async () => {
        await held
        return { errors: [] }
      },
      [`PUT ${PAGE}/draft`]: studioError(400, 'CONFIG_INVALID', '配置有误', [
        { pointer: '/blocks/1/content', message: '含有违规宣传用语“最低价”', line: 14, column: 18 },
      ]),
    })
    renderStudio('/pages/spring-sale', EDITOR)
    await screen.findByLabelText('页面 spring-sale 的 JSON 配置')
    edit(config('春季保障节 2'))
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/studio/validate')).toBe(true))
    await userEvent.click(screen.getByRole('button', { name: /保存/ }))
    expect(await screen.findByText(/含有违规宣传用语“最低价”/)).toBeInTheDocument()
    await act(async () => release())
    expect(screen.getByText(/含有违规宣传用语“最低价”/)).toBeInTheDocument()
    expect(screen.getByTestId('error-count')).toHaveAccessibleName('1 个错误')
  })

  it('a refused save (400) shows the server errors in the workspace', async () => {
    stubStudioApi({
      [`GET ${PAGE}`]: detail(),
      'POST /api/studio/validate': { errors: [] },
      [`PUT ${PAGE}/draft`]: studioError(400, 'CONFIG_INVALID', '配置有误', [
        { pointer: '/blocks/1/content', message: '含有违规宣传用语“最低价”', line: 14, column: 18 },
      ]),
    })
    renderStudio('/pages/spring-sale', EDITOR)
    await screen.findByLabelText('页面 spring-sale 的 JSON 配置')
    edit(config('春季保障节 2'))
    await waitFor(() => expect(screen.getByRole('button', { name: /保存/ })).toBeEnabled())
    await userEvent.click(screen.getByRole('button', { name: /保存/ }))
    expect(await screen.findByText(/含有违规宣传用语“最低价”/)).toBeInTheDocument()
    expect(screen.getByTestId('error-count')).toHaveAccessibleName('1 个错误')
  })

  it('keeps unsaved edits in this browser so a reload loses nothing, and a save clears them', async () => {
    const api = stubStudioApi({
      [`GET ${PAGE}`]: detail({ draftRevision: 3 }),
      'POST /api/studio/validate': { errors: [] },
      [`PUT ${PAGE}/draft`]: { revision: 4, savedAt: '2026-11-25T03:00:00Z', savedBy: '运营编辑' },
    })
    const first = renderStudio('/pages/spring-sale', EDITOR)
    await screen.findByLabelText('页面 spring-sale 的 JSON 配置')
    edit(config('离开前没保存'))
    await waitFor(() => expect(localStorage.getItem('studio:draft:spring-sale')).toContain('离开前没保存'))
    first.unmount()

    renderStudio('/pages/spring-sale', EDITOR)
    await waitFor(() => expect(json()).toHaveValue(JSON.stringify(config('离开前没保存'), null, 2)))
    expect(screen.getByText(/已恢复本机保存的未保存修改/)).toBeInTheDocument()
    expect(screen.getByTestId('save-state')).toHaveTextContent('有未保存的修改')
    await userEvent.click(screen.getByRole('button', { name: /保存/ }))
    await waitFor(() =>
      expect(screen.getByTestId('save-state')).toHaveTextContent('已保存（运营编辑 2026-11-25 11:00）'),
    )
    expect(api.callsTo('PUT', `${PAGE}/draft`)[0].headers.get('if-match')).toBe('"3"')
    expect(localStorage.getItem('studio:draft:spring-sale')).toBeNull()
  })

  it('a publisher publishes the saved, error-free draft now', async () => {
    const api = stubStudioApi({
      [`GET ${PAGE}`]: detail({ draftRevision: 5 }),
      [`POST ${PAGE}/publish`]: { version: 3, publishAt: '2026-12-01T02:00:00Z' },
    })
    renderStudio('/pages/spring-sale', PUBLISHER)
    await screen.findByLabelText('页面 spring-sale 的 JSON 配置')
    expect(publishButton()).toBeEnabled()
    await userEvent.click(publishButton())
    const dialog = await findDialog('发布页面')
    await userEvent.click(within(dialog).getByRole('button', { name: '立即发布' }))
    await waitFor(() => expect(api.callsTo('POST', `${PAGE}/publish`)).toHaveLength(1))
    expect(api.callsTo('POST', `${PAGE}/publish`)[0].body).toEqual({ revision: 5 })
    expect(await screen.findByText('已发布 v3')).toBeInTheDocument()
  })

  it('publishing is refused while an edit is unsaved', async () => {
    stubStudioApi({ [`GET ${PAGE}`]: detail(), 'POST /api/studio/validate': { errors: [] } })
    renderStudio('/pages/spring-sale', PUBLISHER)
    await screen.findByLabelText('页面 spring-sale 的 JSON 配置')
    act(() => edit(config('还没保存')))
    expect(publishButton()).toBeDisabled()
    expect(publishButton()).toHaveAccessibleDescription('有未保存的修改，请先保存')
  })

  it('makes a preview link with its QR code and expiry', async () => {
    const api = stubStudioApi({
      [`GET ${PAGE}`]: detail(),
      [`POST ${PAGE}/preview-links`]: {
        url: '/activity/spring-sale?preview=abc.def',
        expiresAt: '2026-11-26T02:30:00Z',
      },
    })
    renderStudio('/pages/spring-sale', EDITOR)
    await userEvent.click(await screen.findByRole('button', { name: /预览链接/ }))
    await userEvent.click(await screen.findByRole('button', { name: '生成链接' }))
    const link = await screen.findByTestId('preview-link')
    expect(within(link).getByLabelText('预览链接地址')).toHaveValue(
      `${window.location.origin}/activity/spring-sale?preview=abc.def`,
    )
    expect(within(link).getByRole('img', { name: '预览链接二维码' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png/),
    )
    expect(within(link).getByText('有效期至 2026-11-26 10:30')).toBeInTheDocument()
    expect(api.callsTo('POST', `${PAGE}/preview-links`)[0].body).toEqual({})
  })

  it('says so when the page does not exist', async () => {
    stubStudioApi({ [`GET ${PAGE}`]: studioError(404, 'PAGE_NOT_FOUND', '页面不存在') })
    renderStudio('/pages/spring-sale', EDITOR)
    expect(await screen.findByText('没有 ID 为 spring-sale 的页面，可能地址有误。')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '返回页面列表' })).toBeInTheDocument()
  })
})
