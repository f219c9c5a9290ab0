import { Suspense, type ComponentType } from 'react'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ChunkRetryNotice } from '../../../src/components/ChunkRetryNotice'
import { lazyWithRetry } from '../../../src/lib/lazyWithRetry'

/** A chunk that fails while the device is offline and loads once it is back. */
function flakyChunk() {
  const network = { online: false }
  const load = vi.fn(async () => {
    if (!network.online) throw new TypeError('Failed to fetch dynamically imported module')
    return { default: ({ name }: { name: string }) => <p>{name}的保障详情</p> }
  })
  return { network, load }
}

function renderPart(Part: ComponentType<{ name: string }>) {
  return render(
    <Suspense fallback={<p>加载中</p>}>
      <Part name="百万医疗" />
    </Suspense>,
  )
}

describe('a lazy part whose chunk fails to load (lazyWithRetry)', () => {
  it('says so with 重试 in its place, and 重试 loads it once the network is back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { network, load } = flakyChunk()
    const Part = lazyWithRetry(load, ChunkRetryNotice)
    renderPart(Part)
    expect(await screen.findByRole('alert')).toHaveTextContent('此处内容加载失败，请检查网络后重试')

    network.online = true
    await userEvent.click(screen.getByRole('button', { name: '重试' }))
    expect(await screen.findByText('百万医疗的保障详情')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('loads again by itself when the device comes back online', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { network, load } = flakyChunk()
    const Part = lazyWithRetry(load, ChunkRetryNotice)
    renderPart(Part)
    await screen.findByRole('button', { name: '重试' })

    network.online = true
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    expect(await screen.findByText('百万医疗的保障详情')).toBeInTheDocument()
  })

  it('without a failure view it draws nothing, and still loads once back online', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { network, load } = flakyChunk()
    const Part = lazyWithRetry(load)
    renderPart(Part)
    await vi.waitFor(() => expect(screen.queryByText('加载中')).toBeNull())
    expect(screen.queryByText('百万医疗的保障详情')).toBeNull()

    network.online = true
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    expect(await screen.findByText('百万医疗的保障详情')).toBeInTheDocument()
  })
})
