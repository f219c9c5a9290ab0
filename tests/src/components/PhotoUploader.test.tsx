import { useState } from 'react'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { PhotoUploader, type UploadedPhoto } from '../../../src/components/PhotoUploader'

// The claim and feedback photos: each picked photo is compressed and uploaded with its progress shown, at most
// `max` of them; a tap shows one whole; 删除 frees its upload. The upload itself is the media API's (stubbed here:
// a test of what the visitor sees).

const media = vi.hoisted(() => ({
  uploadImage: vi.fn(),
  deleteMedia: vi.fn(async () => ({ ok: true })),
}))
vi.mock('../../../src/lib/media/api', () => media)
vi.mock('../../../src/lib/compressImage', () => ({ compressImage: async (file: File) => file }))

function Claim({ max = 3, start = [] as UploadedPhoto[], disabled = false }) {
  const [photos, setPhotos] = useState(start)
  const [busy, setBusy] = useState(false)
  return (
    <>
      <PhotoUploader
        purpose="claim"
        value={photos}
        onChange={setPhotos}
        max={max}
        onBusyChange={setBusy}
        disabled={disabled}
      />
      <p>{busy ? '上传中' : '空闲'}</p>
    </>
  )
}

const photo = (name: string) => new File(['x'], name, { type: 'image/png' })
const pick = (...files: File[]) => fireEvent.change(screen.getByLabelText('上传照片'), { target: { files } })

beforeEach(() => {
  media.uploadImage.mockReset()
  media.deleteMedia.mockClear()
  let n = 0
  media.uploadImage.mockImplementation(
    async (_file: Blob, _purpose: string, options: { onProgress?: (p: number) => void }) => {
      options.onProgress?.(50)
      n += 1
      return { id: `m${n}`, url: `/api/media/m${n}` }
    },
  )
})

describe('PhotoUploader', () => {
  it('uploads every photo picked together, says it is busy meanwhile, and shows them all', async () => {
    let finish: () => void = () => {}
    media.uploadImage.mockImplementationOnce(
      (_f: Blob, _p: string, options: { onProgress?: (p: number) => void }) =>
        new Promise((resolve) => {
          options.onProgress?.(40)
          finish = () => resolve({ id: 'slow', url: '/api/media/slow' })
        }),
    )
    render(<Claim />)
    pick(photo('a.png'), photo('b.png'))
    expect(await screen.findByText('正在上传 40%')).toBeInTheDocument()
    expect(screen.getByText('上传中')).toBeInTheDocument()
    expect(await screen.findByRole('img', { name: '已上传的照片 1' })).toHaveAttribute('src', '/api/media/m1')
    finish()
    expect(await screen.findByRole('img', { name: '已上传的照片 2' })).toHaveAttribute(
      'src',
      '/api/media/slow',
    )
    await waitFor(() => expect(screen.getByText('空闲')).toBeInTheDocument())
    expect(screen.getByText('2/3 张，支持 JPG、PNG、WebP，单张不超过 10 MB')).toBeInTheDocument()
  })

  it('takes no more than max: the rest are ignored and said so, and the picker goes once full', async () => {
    render(<Claim max={2} />)
    pick(photo('a.png'), photo('b.png'), photo('c.png'))
    expect(await screen.findByText('最多上传 2 张，已忽略 1 张')).toBeInTheDocument()
    expect(await screen.findAllByRole('img', { name: /^已上传的照片/ })).toHaveLength(2)
    expect(media.uploadImage).toHaveBeenCalledTimes(2)
    expect(screen.queryByLabelText('上传照片')).toBeNull()
  })

  it('shows a photo whole on a tap, and 删除 frees its upload', async () => {
    render(
      <Claim
        start={[
          { id: 'k1', url: '/api/media/k1' },
          { id: 'k2', url: '/api/media/k2' },
        ]}
      />,
    )
    await userEvent.click(screen.getByRole('button', { name: '已上传的照片 2' }))
    expect(screen.getByRole('dialog', { name: '查看照片' }).querySelector('img')).toHaveAttribute(
      'src',
      '/api/media/k2',
    )
    await userEvent.click(screen.getByRole('button', { name: '关闭' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: '删除第 1 张照片' }))
    expect(media.deleteMedia).toHaveBeenCalledWith('k1')
    expect(screen.getAllByRole('img', { name: /^已上传的照片/ })).toHaveLength(1)
    expect(screen.getByRole('img', { name: '已上传的照片 1' })).toHaveAttribute('src', '/api/media/k2')
  })

  it('a failed upload says why and adds nothing', async () => {
    media.uploadImage.mockRejectedValueOnce(new Error('网络不给力'))
    render(<Claim />)
    pick(photo('a.png'))
    await waitFor(() => expect(screen.getByText('空闲')).toBeInTheDocument())
    expect(screen.queryByRole('img', { name: /^已上传的照片/ })).toBeNull()
  })

  it('while the form is sent, offers neither the picker nor 删除', () => {
    render(<Claim disabled start={[{ id: 'k1', url: '/api/media/k1' }]} />)
    expect(screen.queryByLabelText('上传照片')).toBeNull()
    expect(screen.queryByRole('button', { name: /删除/ })).toBeNull()
  })
})
