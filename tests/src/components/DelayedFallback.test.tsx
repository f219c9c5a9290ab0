import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DelayedFallback } from '../../../src/components/DelayedFallback'

afterEach(() => vi.useRealTimers())

describe('DelayedFallback', () => {
  it('shows nothing for the first 200 ms, then the loading... placeholder', () => {
    vi.useFakeTimers()
    render(<DelayedFallback />)
    act(() => void vi.advanceTimersByTime(199))
    expect(screen.queryByText('loading...')).toBeNull()
    act(() => void vi.advanceTimersByTime(1))
    expect(screen.getByRole('status')).toHaveTextContent('loading...')
  })
})
