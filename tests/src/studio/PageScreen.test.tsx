import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PageConfig } from '../../../src/studio/api/types'
import { readStoredDraft } from '../../../src/studio/page/useDraft'
import { config, detail } from './fixtures'
import { EDITOR, PUBLISHER, renderStudio, stubStudioApi, studioError, findDialog } from './studioHarness'

// The page screen around a simple double of the workspace (the real one is tested in editor/).
vi.mock('../../../src/studio/editor/EditorWorkspace', () => import('./workspaceDouble'))

const PAGE = '/api/studio/pages/spring-sale'
/** The page, and 生成链接's answer: a signed link valid until 2026-11-26 10:30. */
const stubPreviewLinks = () =>
  stubStudioApi({
    [`GET ${PAGE}`]: detail(),
    [`POST ${PAGE}/preview-links`]: {
      url: '/activity/spring-sale?preview=abc.def',
      expiresAt: '2026-11-26T02:30:00Z',
    },
  })
const json = () => screen.getByLabelText('页面 spring-sale 的 JSON 配置')

/** An edit in the workspace double: the whole config replaced. */
const edit = (next: PageConfig) =>
  fireEvent.change(json(), { target: { value: JSON.stringify(next, null, 2) } })

const publishButton = () =>
  within(screen.getByRole('toolbar', { name: '页面操作' })).getByRole('button', { name: /发布$/ })

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

  it('says 校验中… only while a validation is slow: a quick answer never flickers it', async () => {
    let release = () => {}
    let slow = false
    const api = stubStudioApi({
      [`GET ${PAGE}`]: detail(),
      'POST /api/studio/validate': async () => {
        // A quick answer still comes in a later task, as over a network (50 ms).
        await new Promise<void>((resolve) => (slow ? (release = resolve) : setTimeout(resolve, 50)))
        return { errors: [] }
      },
    })
    renderStudio('/pages/spring-sale', PUBLISHER)
    await screen.findByLabelText('页面 spring-sale 的 JSON 配置')
    let flickered = false
    const observer = new MutationObserver(() => {
      if (screen.getByTestId('save-state').parentElement?.textContent?.includes('校验中')) flickered = true
    })
    observer.observe(document.body, { subtree: true, childList: true, characterData: true })
    edit(config('春季保障节 2'))
    await waitFor(() => expect(api.callsTo('POST', '/api/studio/validate')).toHaveLength(1))
    await new Promise((resolve) => setTimeout(resolve, 600))
    observer.disconnect()
    expect(flickered).toBe(false)

    slow = true
    edit(config('春季保障节 3'))
    expect(await screen.findByText(/校验中/, {}, { timeout: 2000 })).toBeInTheDocument()
    await act(async () => release())
    await waitFor(() => expect(screen.queryByText(/校验中/)).toBeNull())
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
    let revision = 3
    const api = stubStudioApi({
      [`GET ${PAGE}`]: () => detail({ draftRevision: revision }),
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
    edit(config('春季保障节（新版）'))
    await userEvent.click(screen.getByRole('button', { name: /保存/ }))
    const dialog = await findDialog('草稿已被他人保存')
    expect(within(dialog).getByTestId('conflict-message')).toHaveTextContent('草稿已被发布负责人于10:42保存')
    expect(within(dialog).getByText(/保存人：发布负责人，时间：2026-11-25 10:42/)).toBeInTheDocument()
    expect(api.callsTo('PUT', `${PAGE}/draft`)[0].headers.get('if-match')).toBe('"3"')
    expect(api.callsTo('PUT', `${PAGE}/draft`)[0].body).toMatchObject({ title: '春季保障节（新版）' })

    // 保留我的修改: merged with revision 4 (collab.test.tsx), the next save is based on it.
    await userEvent.click(within(dialog).getByRole('button', { name: '保留我的修改' }))
    const merge = await findDialog('合并双方的修改')
    await userEvent.click(await within(merge).findByRole('button', { name: '合并，继续编辑' }))
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
    // Kept whole: the edit, the revision it was based on, and the server's draft at that revision (the base of a
    // merge after a conflict); what was validated is the same edit.
    expect(readStoredDraft('spring-sale')).toMatchObject({
      baseRevision: 3,
      config: config('离开前没保存'),
      base: detail({ draftRevision: 3 }).config,
    })
    await waitFor(() => expect(api.callsTo('POST', '/api/studio/validate').length).toBeGreaterThan(0))
    expect(api.callsTo('POST', '/api/studio/validate').at(-1)!.body).toEqual(config('离开前没保存'))
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
      [`POST ${PAGE}/publish`]: { version: 3, publishAt: '2026-12-01T02:00:00Z', superseded: [] },
    })
    renderStudio('/pages/spring-sale', PUBLISHER)
    await screen.findByLabelText('页面 spring-sale 的 JSON 配置')
    expect(publishButton()).toBeEnabled()
    await userEvent.click(publishButton())
    const dialog = await findDialog('发布页面')
    await userEvent.click(within(dialog).getByRole('button', { name: '立即发布' }))
    await waitFor(() => expect(api.callsTo('POST', `${PAGE}/publish`)).toHaveLength(1))
    expect(api.callsTo('POST', `${PAGE}/publish`)[0].body).toEqual({ revision: 5 })
    expect(await screen.findByText('已发布版本 3')).toBeInTheDocument()
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
    const api = stubPreviewLinks()
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

  it("a preview link carries the sample user chosen under 用户情况; a guest's link has none", async () => {
    stubPreviewLinks()
    renderStudio('/pages/spring-sale', EDITOR)
    await userEvent.click(await screen.findByRole('button', { name: /预览链接/ }))
    const dialog = await findDialog('预览链接')
    const pick = async (label: string, option: string) => {
      fireEvent.mouseDown(within(dialog).getByLabelText(label))
      fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }))
    }
    await pick('实名认证', '未实名')
    await pick('注册时间', '老用户')
    await userEvent.click(within(dialog).getByRole('button', { name: '生成链接' }))
    const address = within(await screen.findByTestId('preview-link')).getByLabelText('预览链接地址')
    await waitFor(() =>
      expect(new URL((address as HTMLTextAreaElement).value).searchParams.get('profile')).toBe(
        'unverified,old',
      ),
    )

    // 未登录: no sample user, so no profile (and the choices are disabled).
    await userEvent.click(within(dialog).getByRole('radio', { name: '未登录' }))
    expect(within(dialog).getByLabelText('实名认证')).toBeDisabled()
    await userEvent.click(within(dialog).getByRole('button', { name: /重新生成/ }))
    await waitFor(() => {
      const url = new URL((address as HTMLTextAreaElement).value)
      expect(url.searchParams.get('login')).toBe('0')
      expect(url.searchParams.has('profile')).toBe(false)
    })
  })

  it('says so when the page does not exist', async () => {
    stubStudioApi({ [`GET ${PAGE}`]: studioError(404, 'PAGE_NOT_FOUND', '页面不存在') })
    renderStudio('/pages/spring-sale', EDITOR)
    expect(await screen.findByText('没有 ID 为 spring-sale 的页面，可能地址有误。')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '返回页面列表' })).toBeInTheDocument()
  })

  it('lists pending schedules and cancels one after confirming; the publish dialog says what it supersedes', async () => {
    const pending = [
      {
        id: '41',
        version: 4,
        publishAt: '2026-12-12T02:00:00Z',
        by: '发布负责人',
        createdAt: '2026-11-25T02:00:00Z',
      },
    ]
    const api = stubStudioApi({
      [`GET ${PAGE}`]: detail({ status: 'live', liveVersion: 3, pending }),
      [`POST ${PAGE}/schedules/41/cancel`]: {
        version: 4,
        publishAt: '2026-12-12T10:00:00+08:00',
        cancelledAt: '2026-11-25T11:00:00+08:00',
      },
    })
    renderStudio('/pages/spring-sale', PUBLISHER)
    const list = await screen.findByRole('region', { name: '待生效的定时发布' })
    expect(list).toHaveTextContent('版本 4')
    expect(list).toHaveTextContent('2026-12-12 10:00 上线')
    await userEvent.click(publishButton())
    const publish = await findDialog('发布页面')
    expect(within(publish).getByTestId('supersede-warning')).toHaveTextContent(
      '这次发布将取代待生效的定时发布：版本 4（2026-12-12 10:00 上线）',
    )
    await userEvent.click(within(publish).getByRole('button', { name: '取消' }))
    await userEvent.click(within(list).getByRole('button', { name: '取消版本 4 的定时发布' }))
    const confirm = await findDialog('取消版本 4 的定时发布？')
    await userEvent.click(within(confirm).getByRole('button', { name: '取消定时发布' }))
    await waitFor(() => expect(api.callsTo('POST', `${PAGE}/schedules/41/cancel`)).toHaveLength(1))
    expect(await screen.findByText('已取消版本 4 的定时发布')).toBeInTheDocument()
  })

  it('after a rollback says what is live and what the draft holds, and loads the live version into the draft', async () => {
    const api = stubStudioApi({
      [`GET ${PAGE}`]: detail({
        status: 'live',
        liveVersion: 1,
        draftRevision: 6,
        live: { version: 1, kind: 'rollback', publishAt: '2026-11-25T03:00:00Z', by: '发布负责人' },
        draftMatchesLive: false,
      }),
      [`POST ${PAGE}/draft/load-live`]: { revision: 7, savedAt: '2026-11-25T03:05:00Z', savedBy: '运营编辑' },
    })
    renderStudio('/pages/spring-sale', PUBLISHER)
    const notice = await screen.findByTestId('rollback-notice')
    expect(notice).toHaveTextContent('线上为版本 1（发布负责人 于 2026-11-25 11:00 回滚）')
    expect(notice).toHaveTextContent('草稿修订 6，内容与线上版本不同')
    expect(screen.getByTestId('live-version')).toHaveTextContent('线上版本 1（回滚）')
    // 发布 of a draft that differs from the rolled-back live version asks first.
    await userEvent.click(publishButton())
    const ask = await findDialog('草稿与回滚后的线上版本不同')
    await userEvent.click(within(ask).getByRole('button', { name: '取消' }))
    await userEvent.click(within(notice).getByRole('button', { name: '载入线上版本到草稿' }))
    const confirm = await findDialog('载入线上版本 1 到草稿？')
    await userEvent.click(within(confirm).getByRole('button', { name: '载入' }))
    await waitFor(() => expect(api.callsTo('POST', `${PAGE}/draft/load-live`)).toHaveLength(1))
    expect(api.callsTo('POST', `${PAGE}/draft/load-live`)[0].headers.get('if-match')).toBe('"6"')
  })
})
