import { useState } from 'react'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { App as AntApp, ConfigProvider } from 'antd'
import { SWRConfig } from 'swr'
import { describe, expect, it, vi } from 'vitest'
import type { MediaAsset, MediaPage } from '../../../../src/studio/api/types'
import { ImageField } from '../../../../src/studio/editor/assets/ImageField'
import { studioConfig } from '../../../../src/studio/StudioRoot'
import { findDialog, readInlineStyles, studioError, stubStudioApi, type StudioCall } from '../studioHarness'

// The image field and its asset library (素材库): choosing an upload sets the field, sizes and weights are shown,
// and an image over the 300 KB budget is flagged in the library and at the field.

const KB = 1024
const asset = (n: number, over: Partial<MediaAsset> = {}): MediaAsset => ({
  id: `asset-${n}`,
  url: `/api/pages/media/asset-${n}.webp`,
  name: `素材-${n}.png`,
  width: 750,
  height: 400,
  bytes: 80 * KB,
  uploadedBy: '运营编辑',
  uploadedAt: '2026-11-24T02:00:00Z',
  ...over,
})
const posterBg = asset(1, { name: '双十二海报背景.png', width: 750, height: 1200, bytes: 412 * KB })

function Field({
  initial,
  uploadImage,
}: {
  initial?: string
  uploadImage?: (file: File) => Promise<string>
}) {
  const [value, setValue] = useState<string | undefined>(initial)
  return (
    <ConfigProvider {...studioConfig}>
      <AntApp>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <label htmlFor="bg">背景图</label>
          <ImageField
            id="bg"
            label="背景图"
            value={value}
            onChange={setValue}
            uploadImage={uploadImage ?? (async () => '/api/pages/media/new.webp')}
          />
        </SWRConfig>
      </AntApp>
    </ConfigProvider>
  )
}

function show(ui: React.ReactElement) {
  readInlineStyles()
  return render(ui)
}

/** The library drawer as it is now (antd may replace its element while it opens: never keep it). */
const library = () => findDialog('素材库')

/** Waits until `query` succeeds in the library as it is at that moment. */
const inLibrary = <T,>(query: (l: ReturnType<typeof within>) => T) =>
  waitFor(async () => query(within(await library())))

async function openLibrary() {
  await userEvent.click(screen.getByRole('button', { name: /从素材库选择/ }))
  await library()
}

describe('the image field with the asset library', () => {
  it('chooses an image from the library: the field takes its address and warns that it is over 300 KB', async () => {
    const api = stubStudioApi({
      'GET /api/studio/media': (call: StudioCall): MediaPage => {
        const q = call.query.get('q')
        const items = [posterBg, asset(2), asset(3)]
        return { items: q ? items.filter((a) => a.name.includes(q)) : items, nextCursor: null }
      },
    })
    show(<Field />)
    await openLibrary()
    const card = await inLibrary((l) => l.getByRole('button', { name: '选择 双十二海报背景.png' }))
    expect(card).toHaveTextContent('750×1200 · 412 KB')
    expect(card).toHaveTextContent('超过 300 KB')
    expect(within(await library()).getByRole('button', { name: '选择 素材-2.png' })).not.toHaveTextContent(
      '超过',
    )

    await userEvent.type(within(await library()).getByRole('searchbox', { name: '按文件名搜索图片' }), '海报')
    await waitFor(async () =>
      expect(within(await library()).queryByRole('button', { name: '选择 素材-2.png' })).toBeNull(),
    )
    expect(api.calls.some((c) => c.query.get('q') === '海报')).toBe(true)

    await userEvent.click(within(await library()).getByRole('button', { name: '选择 双十二海报背景.png' }))
    expect(screen.getByLabelText('背景图')).toHaveValue(posterBg.url)
    expect(await screen.findByText('图片 412 KB，超过 300 KB 建议压缩，手机加载会变慢')).toBeInTheDocument()
    expect(screen.getByText('双十二海报背景.png · 750×1200 · 412 KB')).toBeInTheDocument()
    // What the library said is enough: no second request for the chosen image.
    expect(api.calls.filter((c) => c.query.has('url'))).toEqual([])
  })

  it('warns after an upload over the budget, and not for one under it', async () => {
    stubStudioApi({
      'GET /api/studio/media': (call: StudioCall): MediaPage => {
        const url = call.query.get('url')
        const found = [posterBg, asset(2)].filter((a) => a.url === url)
        return { items: found, nextCursor: null }
      },
    })
    const uploadImage = vi.fn(async () => posterBg.url)
    show(<Field uploadImage={uploadImage} />)
    // The upload control renders a new file input after each file: found afresh each time.
    const input = () => document.querySelector<HTMLInputElement>('input[type="file"]')!
    await userEvent.upload(input(), new File(['x'], 'poster.png', { type: 'image/png' }))
    expect(uploadImage).toHaveBeenCalledOnce()
    expect(await screen.findByText('图片 412 KB，超过 300 KB 建议压缩，手机加载会变慢')).toBeInTheDocument()
    expect(screen.getByLabelText('背景图')).toHaveValue(posterBg.url)

    uploadImage.mockResolvedValueOnce(asset(2).url)
    await userEvent.upload(input(), new File(['y'], 'small.png', { type: 'image/png' }))
    expect(await screen.findByText('素材-2.png · 750×400 · 80 KB')).toBeInTheDocument()
    expect(screen.queryByText(/超过 300 KB 建议压缩/)).toBeNull()
  })

  it('says so when the library is empty, and offers 重试 when it fails to load', async () => {
    let fail = true
    stubStudioApi({
      'GET /api/studio/media': () =>
        fail ? studioError(500, 'INTERNAL', '服务暂时不可用，请稍后重试') : { items: [], nextCursor: null },
    })
    show(<Field />)
    await openLibrary()
    expect(
      await inLibrary((l) => l.getByText('素材库加载失败：服务暂时不可用，请稍后重试')),
    ).toBeInTheDocument()
    fail = false
    await userEvent.click(within(await library()).getByRole('button', { name: /重\s*试/ }))
    expect(
      await inLibrary((l) => l.getByText('素材库还没有图片，上传的图片会出现在这里')),
    ).toBeInTheDocument()
  })

  it('loads the next page with the cursor as the list goes on', async () => {
    const api = stubStudioApi({
      'GET /api/studio/media': (call: StudioCall): MediaPage =>
        call.query.get('cursor') === 'page-2'
          ? { items: [asset(41)], nextCursor: null }
          : { items: Array.from({ length: 40 }, (_, i) => asset(i + 1)), nextCursor: 'page-2' },
    })
    show(<Field />)
    await openLibrary()
    expect(await inLibrary((l) => l.getAllByRole('button', { name: /^选择 / }))).toHaveLength(40)
    await userEvent.click(within(await library()).getByRole('button', { name: /加载更多/ }))
    expect(await inLibrary((l) => l.getByRole('button', { name: '选择 素材-41.png' }))).toBeInTheDocument()
    expect(within(await library()).getAllByRole('button', { name: /^选择 / })).toHaveLength(41)
    expect(within(await library()).queryByRole('button', { name: /加载更多/ })).toBeNull()
    expect(api.calls.map((c) => c.query.get('cursor'))).toEqual([null, 'page-2'])
  })
})
