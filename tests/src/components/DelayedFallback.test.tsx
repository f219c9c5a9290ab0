import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DelayedFallback } from '../../../src/components/DelayedFallback'

afterEach(() => vi.useRealTimers())

describe('DelayedFallback', () => {
  it('shows nothing for the first 200 ms, then a Chinese placeholder (the spec text only as data)', () => {
    vi.useFakeTimers()
    render(<DelayedFallback />)
    act(() => void vi.advanceTimersByTime(199))
    expect(screen.queryByText('加载中…')).toBeNull()
    act(() => void vi.advanceTimersByTime(1))
    expect(screen.getByRole('status')).toHaveTextContent('加载中…')
    expect(screen.getByRole('status')).not.toHaveTextContent('loading')
    expect(screen.getByRole('status')).toHaveAttribute('data-fallback', 'loading...')
  })
})
