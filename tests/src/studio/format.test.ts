import { describe, expect, it } from 'vitest'
import { formatTime } from '../../../src/studio/format'

describe('formatTime', () => {
  it('shows a moment in Beijing time, whatever zone the string is written in', () => {
    expect(formatTime('2026-11-25T10:30:05Z')).toBe('2026-11-25 18:30')
    expect(formatTime('2026-11-25T18:30:05+08:00', true)).toBe('2026-11-25 18:30:05')
    expect(formatTime(Date.parse('2026-12-31T16:00:00Z'))).toBe('2027-01-01 00:00')
    expect(formatTime(new Date('2026-07-01T23:59:59-04:00'), true)).toBe('2026-07-02 11:59:59')
  })

  it('shows — for no time or an unreadable one', () => {
    expect(formatTime(null)).toBe('—')
    expect(formatTime('')).toBe('—')
    expect(formatTime('明天')).toBe('—')
  })
})
